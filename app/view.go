package app

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	uv "github.com/charmbracelet/ultraviolet"

	"amux.dev/amux/app/paint"
	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/screen"
)

// Minimum usable terminal size.
const (
	minWidth  = 80
	minHeight = 24
)

// layout is where everything goes for the current size. The body is the
// rows above the footer; its last row holds the panels' bottom edges and
// the notice set into them (notice.go).
type layout struct {
	dashWidth  int // the project list's columns, 0 when it is not shown
	sideWidth  int // 0 when the sidebar is not shown
	bodyHeight int // rows above the footer
	listTop    int // screen row of the first project list row
	listHeight int
	zoomed     bool // the shown tab has the screen: no frames around it
}

func (m *Model) layout() layout {
	r := m.panes()
	l := layout{dashWidth: r.listWidth(), bodyHeight: m.height - 1, sideWidth: r.sideWidth(), zoomed: m.listPane.zoomed}
	l.listTop = 1
	l.listHeight = l.bodyHeight - 2
	if m.list.typing() {
		l.listTop++
		l.listHeight--
	}
	return l
}

// tabArea is the tab area's frame, w the screen's width.
func (l layout) tabArea(w int) uv.Rectangle {
	return uv.Rect(l.dashWidth, 0, w-l.dashWidth-l.sideWidth, l.bodyHeight)
}

// tabAreaInner is the inside of the tab area's frame: its tab bar, then the
// tab. Zoomed, there is no frame: every row above the notice row.
func (l layout) tabAreaInner(w int) uv.Rectangle {
	c := l.tabArea(w)
	if l.zoomed {
		return uv.Rect(c.Min.X, 0, c.Dx(), c.Dy()-1)
	}
	return uv.Rect(c.Min.X+1, 1, c.Dx()-2, c.Dy()-2)
}

// termSize is the cell size of the terminal area of the tab area, w the
// screen's width.
func (l layout) termSize(w int) (int, int) {
	in := l.tabAreaInner(w)
	return max(1, in.Dx()), max(1, in.Dy()-1)
}

// termOrigin is the screen position of the terminal area's top-left cell
// (under the tab bar).
func (l layout) termOrigin(w int) (int, int) {
	in := l.tabAreaInner(w)
	return in.Min.X, in.Min.Y + 1
}

// View draws what the last messages changed onto amux's screen (see
// draw.go); Bubble Tea asks after every message. Bubble Tea runs without
// its own renderer, so the view it gets back is empty.
func (m *Model) View() tea.View {
	if m.scr != nil && m.drawPending {
		m.drawPending = false
		p := m.painter()
		m.scr.Draw(func(c *screen.Canvas) { p.draw(c, &m.paint) })
	}
	return tea.View{}
}

// render draws the whole screen on a fresh canvas and returns it as styled
// text, rows joined by newlines: the screen as tests and benchmarks see it.
func (m *Model) render() string {
	c := screen.NewCanvas(m.width, m.height)
	var st paintState
	m.painter().draw(c, &st)
	return c.Render()
}

// painter is the root's parts as one draw reads them (draw.go).
func (m *Model) painter() painter {
	l := m.layout()
	p := painter{w: m.width, h: m.height, th: m.th, l: l, focus: m.focus, overlay: m.overlay, notice: m.notice,
		spin: m.spin.View(), chromeGen: m.chromeGen,
		list: m.list, listSc: m.listScene(), left: &m.left, tabs: m.tabs, tabSc: m.tabScene(), side: &m.side,
		sideEnv: m.sideEnv(), active: m.activeTab(),
		showHints: m.deps.Config.UI.ShowKeyHints, reg: m.reg, km: m.km, scopes: m.scopes(),
		available: m.available, keyName: m.keyName}
	if t, live := m.focusedTerminal(); live {
		p.entered = t
	}
	return p
}

// tooSmall is the whole screen below the minimum size.
func (m painter) tooSmall() string {
	msg := fmt.Sprintf("Terminal too small: %d×%d\n\namux needs at least %d×%d.\nEnlarge the window, or press %s to quit.",
		m.w, m.h, minWidth, minHeight, m.keyName(actQuit))
	return dialog.Center(m.w, m.h, m.th.TextStyle().Render(msg))
}

// renderList is the project list's pane, drawn again only when a message
// may have changed it (a terminal's frame never does).
func (m painter) renderList(l layout) string {
	if !m.left.valid {
		m.left.text, m.left.valid = m.renderListNow(l), true
	}
	return m.left.text
}

func (m painter) renderListNow(l layout) string {
	focused := m.paneFocused(focusList)
	var content strings.Builder
	if m.list.typing() {
		content.WriteString(m.list.filterView() + "\n")
	}
	if !m.list.loaded {
		content.WriteString(m.th.MutedStyle().Render(m.spin + " loading…"))
	} else {
		content.WriteString(m.list.rowsView(m.th, l.dashWidth-2, l.listHeight, focused, m.spin))
	}
	title := "Projects"
	if f := m.list.filterText(); f != "" && !m.list.typing() {
		title += " /" + f
	}
	return paint.Frame(m.th, title, content.String(), l.dashWidth, l.bodyHeight, focused)
}

// suspend gives the terminal back to the shell until it continues amux
// (Ctrl+Z, then fg), off the update loop: the process stops inside it.
func suspend(scr *screen.Screen) tea.Cmd {
	return func() tea.Msg {
		// If the process cannot be stopped the screen is simply taken
		// back: amux goes on running, which is all there is to say.
		_ = scr.Suspend()
		return nil
	}
}
