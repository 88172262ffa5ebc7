package app

import (
	"charm.land/lipgloss/v2"
	uv "github.com/charmbracelet/ultraviolet"

	"amux.dev/amux/ui/screen"
	"amux.dev/amux/ui/termview"
)

// paintState is what a canvas holds, so that a draw redoes only what
// changed: the chrome (list, borders, tab bar, hints) only when a message
// may have changed it, the shown terminal only in the rows its frame
// changed. The zero value knows nothing: the next draw paints everything.
type paintState struct {
	valid     bool
	chromeGen int            // Model.chromeGen the chrome was drawn at
	left      string         // the project list as drawn
	overlay   bool           // an overlay is drawn over the layout
	termTab   *tab           // the tab whose live view owns the terminal area
	term      termview.Drawn // what that view drew there
}

// draw composes the screen on c. Update bumps chromeGen whenever a message
// other than a terminal's frame (or typing into one) was handled; a frame
// alone only costs the terminal rows it changed. The embedded terminal's
// cells go to the canvas directly; only the chrome is drawn from text.
func (m *Model) draw(c *screen.Canvas, st *paintState) {
	if m.width <= 0 || m.height <= 0 {
		return
	}
	if c.Resize(m.width, m.height) {
		*st = paintState{}
	}
	chrome := !st.valid || st.chromeGen != m.chromeGen || m.overlay != nil || st.overlay
	if chrome && (m.overlay != nil || st.overlay) {
		// An overlay covers (or covered) part of every region.
		st.left, st.term = "", termview.Drawn{}
	}
	st.valid, st.chromeGen, st.overlay = true, m.chromeGen, false
	if m.width < minWidth || m.height < minHeight {
		if chrome {
			c.DrawString(c.Bounds(), m.tooSmall())
		}
		st.left, st.termTab, st.term = "", nil, termview.Drawn{}
		c.SetCursor(nil)
		return
	}
	l := m.layout()
	if chrome {
		if left := m.renderDashboard(l); left != st.left {
			c.DrawString(uv.Rect(0, 0, l.dashWidth, l.bodyHeight), left)
			st.left = left
		}
		m.drawCenter(c, l, st)
		c.DrawString(uv.Rect(0, m.height-1, m.width, 1), m.renderHints())
	}
	if t := st.termTab; t != nil && t == m.activeTab() && t.view != nil {
		x, y := m.termOrigin()
		w, h := m.termSize()
		st.term = t.view.Draw(c, uv.Rect(x, y, w, h), st.term)
	}
	if m.overlay != nil {
		box := m.overlay.view(m, min(m.width-4, 90), m.height-2)
		bw, bh := lipgloss.Width(box), lipgloss.Height(box)
		c.DrawString(uv.Rect(max(0, (m.width-bw)/2), max(0, (m.height-1-bh)/2), bw, bh), box)
		st.overlay = true
	}
	c.SetCursor(m.screenCursor())
}

// drawCenter draws the center frame: the selected workspace's facts, or
// its tab bar over the shown tab. A live view's area is left to it (see
// draw); a detached tab shows its last screen as text.
func (m *Model) drawCenter(c *screen.Canvas, l layout, st *paintState) {
	x0, w, h := l.dashWidth, m.width-l.dashWidth, l.bodyHeight
	focused := m.focus == focusCenter && m.overlay == nil
	title, content := m.centerContent(w-2, h-2)
	drawFrame(c, m.th, title, uv.Rect(x0, 0, w, h), focused)
	inner := uv.Rect(x0+1, 1, w-2, h-2)
	wt := m.tabs[m.selectedWorkspaceID()]
	if wt == nil || len(wt.tabs) == 0 {
		c.DrawString(inner, content)
		st.termTab, st.term = nil, termview.Drawn{}
		return
	}
	c.DrawString(uv.Rect(inner.Min.X, inner.Min.Y, inner.Dx(), 1), m.tabBar(wt, inner.Dx()))
	t := wt.current()
	if t.view != nil {
		if st.termTab != t {
			st.termTab, st.term = t, termview.Drawn{}
		}
		return
	}
	c.DrawString(uv.Rect(inner.Min.X, inner.Min.Y+1, inner.Dx(), inner.Dy()-1), m.detachedBody(t))
	st.termTab, st.term = nil, termview.Drawn{}
}

// screenCursor is the real cursor for this frame (see cursor), in the
// screen's terms.
func (m *Model) screenCursor() *uv.Cursor {
	c := m.cursor()
	if c == nil {
		return nil
	}
	// Bubble Tea's cursor shapes are ultraviolet's, in the same order.
	return &uv.Cursor{Position: uv.Pos(c.X, c.Y), Shape: uv.CursorShape(c.Shape), Blink: c.Blink}
}
