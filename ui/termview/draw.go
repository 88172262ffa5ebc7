package termview

import (
	"time"

	uv "github.com/charmbracelet/ultraviolet"
)

// Drawn is what Draw put into a screen's cells, so that the next Draw into
// the same cells paints only what changed. The zero value knows nothing:
// the next Draw paints every cell of its area.
type Drawn struct {
	term *Terminal
	gen  uint64 // the terminal's draw count after this draw
	area uv.Rectangle
	sel  selection
}

// Draw paints the view into area of scr: the terminal's cells as the
// program drew them, copied straight from the emulator (the screen
// downsamples colours), or the captured history while scrolled back, with
// the selection in reverse video. Pass what the previous Draw into these
// cells returned: only rows the program changed since are painted, so a
// keystroke's echo costs a row, not the screen. Pass Drawn{} when something
// else drew over them.
func (m Model) Draw(scr uv.Screen, area uv.Rectangle, since Drawn) Drawn {
	if area.Empty() {
		return Drawn{}
	}
	if m.hist.scroll > 0 && m.hist.lines != nil {
		rows := m.hist.rows(area.Dy())
		for y := range area.Dy() {
			line := ""
			if y < len(rows) {
				line = rows[y]
			}
			uv.NewStyledString(line).Draw(scr, uv.Rect(area.Min.X, area.Min.Y+y, area.Dx(), 1))
			m.sel.paint(scr, area, y)
		}
		return Drawn{} // history is not diffed: the next Draw paints all
	}
	return m.term.drawTo(scr, area, since, m.sel)
}

// drawTo copies the emulator's rows into area of scr: every row unless since
// is this terminal's previous draw into the same area with the same
// selection, in which case only the rows changed since. While a
// synchronized update is open (and younger than SyncTimeout) what is drawn
// stays: the program is halfway through a frame.
func (t *Terminal) drawTo(scr uv.Screen, area uv.Rectangle, since Drawn, sel selection) Drawn {
	t.mu.Lock()
	defer t.mu.Unlock()
	incremental := since.term == t && since.gen == t.drawGen && since.area == area && since.sel == sel
	if incremental && t.syncOpen && time.Since(t.syncSince) < t.opts.SyncTimeout {
		return since
	}
	t.collectDamageLocked()
	all := !incremental || t.damageAll
	w, h := t.emu.Size()
	for y := range area.Dy() {
		switch {
		case y >= h:
			if all {
				drawBlank(scr, area.Min.X, area.Min.Y+y, area.Dx())
			}
			continue
		case !all && !t.damage[y]:
			continue
		}
		drawRow(scr, area.Min.X, area.Min.Y+y, area.Dx(), t.emu, y, w)
		sel.paint(scr, area, y)
	}
	clear(t.damage)
	t.damageAll = false
	t.drawGen++
	return Drawn{term: t, gen: t.drawGen, area: area, sel: sel}
}

// drawRow copies row y of the emulator (w cells) to the screen at x0, sy,
// width cells wide: cut at the right edge (a wide character that does not
// fit becomes a blank), padded with blanks.
func drawRow(scr uv.Screen, x0, sy, width int, e Emulator, y, w int) {
	for x := 0; x < width; {
		var c *uv.Cell
		if x < w {
			c = e.CellAt(x, y)
		}
		switch {
		case c == nil:
			blank := uv.EmptyCell
			scr.SetCell(x0+x, sy, &blank)
			x++
		case c.Width == 0:
			// The placeholder after a wide character: setting the
			// character set it. (A stray one is left alone.)
			x++
		case c.Width > width-x:
			blank := uv.EmptyCell
			blank.Style = c.Style
			scr.SetCell(x0+x, sy, &blank)
			x++
		default:
			scr.SetCell(x0+x, sy, c)
			x += c.Width
		}
	}
}

// drawBlank clears width cells at x0, y.
func drawBlank(scr uv.Screen, x0, y, width int) {
	for x := range width {
		blank := uv.EmptyCell
		scr.SetCell(x0+x, y, &blank)
	}
}

// paint shows row y's selected cells (area coordinates) in reverse video,
// without colour.
func (s selection) paint(scr uv.Screen, area uv.Rectangle, y int) {
	x0, x1, ok := s.span(y, area.Dx())
	if !ok {
		return
	}
	for x := x0; x < x1; x++ {
		c := scr.CellAt(area.Min.X+x, area.Min.Y+y)
		if c == nil || c.Width == 0 {
			continue
		}
		hl := *c
		hl.Style = uv.Style{Attrs: uv.AttrReverse}
		hl.Link = uv.Link{}
		scr.SetCell(area.Min.X+x, area.Min.Y+y, &hl)
	}
}
