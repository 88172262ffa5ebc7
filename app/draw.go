package app

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/paint"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/screen"
	"amux.dev/amux/ui/termview"
	"amux.dev/amux/ui/theme"
)

// paintState is what a canvas holds, so that a draw redoes only what
// changed: the chrome (list, borders, tab bar, hints) only where a message
// changed its text, line by line, and the shown terminal only in the rows
// its frame changed. The zero value knows nothing: the next draw paints
// everything.
type paintState struct {
	valid     bool
	chromeGen int    // Model.chromeGen the chrome was drawn at
	overlay   bool   // an overlay is drawn over the layout
	fullShown bool   // a full-screen overlay (the diff viewer) is drawn
	layout    layout // the layout the regions were drawn for
	small     textRegion
	full      textRegion // the full-screen overlay, as drawn
	left      textRegion
	box       string // the tab area's frame's edges as drawn (see drawTabArea)
	content   textRegion
	bar       textRegion
	notice    textRegion     // the body's last row: bottom edges and the notice
	hints     textRegion     // the footer: the focused pane and its keys
	termTab   *tab           // the tab whose live view owns the terminal area
	term      termview.Drawn // what that view drew there
	sideBox   string         // the sidebar frame's edges as drawn
	side      textRegion     // the sidebar's component
	sideTab   *tab           // the sidebar terminal drawn in the sidebar
	sideTerm  termview.Drawn
}

// textRegion is a rectangle of the canvas drawn from text. Only lines that
// differ from the ones drawn there last are drawn again, so a spinner
// turning costs one row of the canvas, not a region.
type textRegion struct {
	area  uv.Rectangle
	lines []string // as drawn, one per row of area; nil: unknown
}

// draw puts s (styled lines, each one row) into area.
func (r *textRegion) draw(c *screen.Canvas, area uv.Rectangle, s string) {
	if area != r.area || len(r.lines) != area.Dy() {
		r.area, r.lines = area, make([]string, area.Dy())
		for y := range r.lines {
			r.lines[y] = "\x00" // matches no line: every row is drawn
		}
	}
	lines := strings.Split(s, "\n")
	for y := range area.Dy() {
		line := ""
		if y < len(lines) {
			line = lines[y]
		}
		if r.lines[y] == line {
			continue
		}
		c.DrawString(uv.Rect(area.Min.X, area.Min.Y+y, area.Dx(), 1), line)
		r.lines[y] = line
	}
}

// painter draws one frame of the screen from the parts the root hands it
// (Model.painter): the layout, the theme, the focus, the open overlay, the
// notice, and the owners whose parts it draws. It holds no state of its
// own between frames: what a canvas already holds is the paintState.
type painter struct {
	w, h      int
	th        theme.Theme
	l         layout
	focus     focusArea
	overlay   modal.Modal
	notice    notice
	spin      string // the spinner's frame
	chromeGen int

	list    *listOwner
	listSc  listScene
	left    *textCache // the project list as last drawn (Model.left)
	tabs    *tabsOwner
	tabSc   tabScene
	side    *sidebarOwner
	sideEnv sideEnv
	active  *tab // the selected workspace's shown tab
	entered *tab // the live terminal that has the keys, if any

	// The footer's parts: the registry in the focused pane's scopes, and
	// whether each action can run now.
	showHints bool
	reg       *keys.Registry
	km        keys.Map
	scopes    []keys.Scope
	available func(keys.ActionID) (bool, string)
	keyName   func(keys.ActionID) string
}

// textCache is a text drawn once and kept until a message may change it.
type textCache struct {
	text  string
	valid bool
}

// draw composes the screen on c, on the theme's background (the canvas's
// fill: see theme.Fill) when it has one. Update bumps chromeGen whenever a message
// other than a terminal's frame (or typing into one) was handled; a frame
// alone only costs the terminal rows it changed. The embedded terminal's
// cells go to the canvas directly; only the chrome is drawn from text.
func (m painter) draw(c *screen.Canvas, st *paintState) {
	if m.w <= 0 || m.h <= 0 {
		return
	}
	_, fullScreen := m.overlay.(modal.FullScreen)
	if c.SetFill(m.th.Fill()) {
		// Another theme (or its preview): every cell is in the old colours.
		*st = paintState{}
	}
	if c.Resize(m.w, m.h) || m.overlay != nil && !fullScreen || st.overlay || st.fullShown && !fullScreen {
		// Everything moved, or an overlay covers (or covered) part of
		// every region: paint it all.
		*st = paintState{}
	}
	chrome := !st.valid || st.chromeGen != m.chromeGen
	st.valid, st.chromeGen = true, m.chromeGen
	if m.w < minWidth || m.h < minHeight || fullScreen {
		if m.w < minWidth || m.h < minHeight {
			st.full = textRegion{}
			if chrome {
				st.small.draw(c, c.Bounds(), m.tooSmall())
			}
		} else {
			st.small = textRegion{}
			st.full.draw(c, c.Bounds(), overlayView(m.overlay, m.w, m.h))
		}
		*st = paintState{valid: true, chromeGen: m.chromeGen, small: st.small, full: st.full, fullShown: fullScreen}
		c.SetCursor(nil)
		return
	}
	st.small, st.full = textRegion{}, textRegion{}
	l := m.l
	if l != st.layout {
		// A pane appeared, went or moved: start from a blank canvas.
		c.DrawString(c.Bounds(), "")
		*st = paintState{valid: true, chromeGen: m.chromeGen, layout: l}
		chrome = true
	}
	if chrome {
		if l.dashWidth > 0 {
			st.left.draw(c, uv.Rect(0, 0, l.dashWidth, l.bodyHeight-1), m.renderList(l))
		}
		m.drawTabArea(c, l, st)
		m.drawSidebar(c, l, st)
		st.notice.draw(c, uv.Rect(0, l.bodyHeight-1, m.w, 1), m.noticeRow(l))
		st.hints.draw(c, uv.Rect(0, m.h-1, m.w, 1), m.renderFooter())
	}
	if t := st.termTab; t != nil && t == m.active && t.view != nil {
		x, y := l.termOrigin(m.w)
		w, h := l.termSize(m.w)
		st.term = t.view.Draw(c.Raw(), uv.Rect(x, y, w, h), st.term)
	}
	if t := st.sideTab; t != nil && t == m.side.term() && t.view != nil {
		x, y := m.sideEnv.origin()
		w, h := m.sideEnv.size()
		st.sideTerm = t.view.Draw(c.Raw(), uv.Rect(x, y, w, h), st.sideTerm)
	}
	if m.overlay != nil {
		m.drawDialog(c, l)
		st.overlay = true
	}
	c.SetCursor(m.screenCursor())
}

// drawTabArea draws the tab area's frame: the selected workspace's facts, or
// its tab bar over the shown tab. A live view's area is left to it (see
// draw); a detached tab shows its last screen as text. Zoomed, there is no
// frame: the bar and the tab take the rows above the notice row.
func (m painter) drawTabArea(c *screen.Canvas, l layout, st *paintState) {
	box, inner := l.tabArea(m.w), l.tabAreaInner(m.w)
	focused := m.paneFocused(focusTabArea)
	title, content := m.tabAreaContent(inner.Dx(), inner.Dy())
	if key := fmt.Sprint(title, focused, box); key != st.box && !l.zoomed {
		paint.DrawFrame(c, m.th, title, box, focused)
		st.box = key
	}
	wt := m.tabs.of(m.tabSc.ws)
	if wt == nil || len(wt.tabs) == 0 {
		st.bar = textRegion{}
		// Wrapped, not cut: at 80×24 the welcome and a worktree's path are
		// wider than the tab area.
		st.content.draw(c, inner, ansi.Wrap(content, inner.Dx(), " /"))
		st.termTab, st.term = nil, termview.Drawn{}
		return
	}
	st.bar.draw(c, uv.Rect(inner.Min.X, inner.Min.Y, inner.Dx(), 1), m.tabBar(wt, inner.Dx()))
	body := uv.Rect(inner.Min.X, inner.Min.Y+1, inner.Dx(), inner.Dy()-1)
	if t := wt.current(); t.view != nil {
		if st.termTab != t {
			st.termTab, st.term = t, termview.Drawn{}
		}
		st.content = textRegion{} // the view draws over whatever text was there
		return
	}
	st.content.draw(c, body, detachedBody(m.th, wt.current(), m.spin))
	st.termTab, st.term = nil, termview.Drawn{}
}

// drawSidebar draws the sidebar, when the layout has one: its tabs in the
// top edge, the active tab's component inside — text, or the sidebar
// terminal's cells (see draw).
func (m painter) drawSidebar(c *screen.Canvas, l layout, st *paintState) {
	if l.sideWidth == 0 {
		st.sideBox, st.side, st.sideTab, st.sideTerm = "", textRegion{}, nil, termview.Drawn{}
		return
	}
	x0, w, h := m.w-l.sideWidth, l.sideWidth, l.bodyHeight
	focused := m.paneFocused(focusSidebar)
	title, content, live := m.side.parts(m.th, m.spin)
	if key := fmt.Sprint(title, focused, x0, w, h); key != st.sideBox {
		paint.DrawFrame(c, m.th, title, uv.Rect(x0, 0, w, h), focused)
		st.sideBox = key
	}
	if live != nil {
		if st.sideTab != live {
			st.sideTab, st.sideTerm = live, termview.Drawn{}
		}
		st.side = textRegion{} // the terminal draws over whatever text was there
		return
	}
	st.side.draw(c, uv.Rect(x0+1, 1, w-2, h-2), content)
	st.sideTab, st.sideTerm = nil, termview.Drawn{}
}

// screenCursor is the real cursor for this frame (see cursor), in the
// screen's terms.
func (m painter) screenCursor() *uv.Cursor { return screenCursorOf(m.cursor(), m.th) }

// screenCursorOf is cursor c as the screen places it. The real cursor is
// only ever an embedded terminal's, whose cells are unpainted (Canvas.Raw):
// it keeps the terminal's own colour, which suits the terminal's own
// background under any theme (th is for a painted place, none today).
func screenCursorOf(c *tea.Cursor, _ theme.Theme) *uv.Cursor {
	if c == nil {
		return nil
	}
	// Bubble Tea's cursor shapes are ultraviolet's, in the same order.
	return &uv.Cursor{Position: uv.Pos(c.X, c.Y), Shape: uv.CursorShape(c.Shape), Blink: c.Blink}
}
