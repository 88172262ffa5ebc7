package app

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"
	uv "github.com/charmbracelet/ultraviolet"

	"amux.dev/amux/ui/screen"
	"amux.dev/amux/ui/termview"
)

// paintState is what a canvas holds, so that a draw redoes only what
// changed: the chrome (list, borders, tab bar, hints) only where a message
// changed its text, line by line, and the shown terminal only in the rows
// its frame changed. The zero value knows nothing: the next draw paints
// everything.
type paintState struct {
	valid     bool
	chromeGen int  // Model.chromeGen the chrome was drawn at
	overlay   bool // an overlay is drawn over the layout
	small     textRegion
	left      textRegion
	box       string // the center frame's edges as drawn (see drawCenter)
	content   textRegion
	bar       textRegion
	hints     textRegion
	termTab   *tab           // the tab whose live view owns the terminal area
	term      termview.Drawn // what that view drew there
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

// draw composes the screen on c. Update bumps chromeGen whenever a message
// other than a terminal's frame (or typing into one) was handled; a frame
// alone only costs the terminal rows it changed. The embedded terminal's
// cells go to the canvas directly; only the chrome is drawn from text.
func (m *Model) draw(c *screen.Canvas, st *paintState) {
	if m.width <= 0 || m.height <= 0 {
		return
	}
	if c.Resize(m.width, m.height) || m.overlay != nil || st.overlay {
		// Everything moved, or an overlay covers (or covered) part of
		// every region: paint it all.
		*st = paintState{}
	}
	chrome := !st.valid || st.chromeGen != m.chromeGen
	st.valid, st.chromeGen = true, m.chromeGen
	if m.width < minWidth || m.height < minHeight {
		if chrome {
			st.small.draw(c, c.Bounds(), m.tooSmall())
		}
		*st = paintState{valid: true, chromeGen: m.chromeGen, small: st.small}
		c.SetCursor(nil)
		return
	}
	st.small = textRegion{}
	l := m.layout()
	if chrome {
		st.left.draw(c, uv.Rect(0, 0, l.dashWidth, l.bodyHeight), m.renderDashboard(l))
		m.drawCenter(c, l, st)
		st.hints.draw(c, uv.Rect(0, m.height-1, m.width, 1), m.renderHints())
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
	if key := fmt.Sprint(title, focused, x0, w, h); key != st.box {
		drawFrame(c, m.th, title, uv.Rect(x0, 0, w, h), focused)
		st.box = key
	}
	inner := uv.Rect(x0+1, 1, w-2, h-2)
	wt := m.tabs[m.selectedWorkspaceID()]
	if wt == nil || len(wt.tabs) == 0 {
		st.bar = textRegion{}
		st.content.draw(c, inner, content)
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
	st.content.draw(c, body, m.detachedBody(wt.current()))
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
