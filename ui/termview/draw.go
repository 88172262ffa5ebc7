package termview

import (
	uv "github.com/charmbracelet/ultraviolet"
)

// Drawn is what Draw put into a screen's cells, so that the next Draw into
// the same cells paints only what changed. The zero value knows nothing:
// the next Draw paints every cell of its area.
type Drawn struct {
	ok    bool
	frame *Frame
	area  uv.Rectangle
	sel   selection
}

// Draw paints the view into area of scr: the live frame's cells as the
// program drew them (the screen downsamples colours), or the captured
// history while scrolled back, with the selection in reverse video. Pass
// what the previous Draw into these cells returned: rows of the frame that
// are the same rows as then are left alone, so a keystroke's echo costs a
// row, not the screen. Pass Drawn{} when something else drew over them.
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
	next := Drawn{ok: true, frame: m.frame, area: area, sel: m.sel}
	var old *Frame
	incremental := since.ok && since.area == area && since.sel == m.sel
	if incremental {
		old = since.frame
		if old == nil && m.frame == nil {
			return next // blank, and blank already
		}
	}
	f := m.frame
	if old != nil && (f == nil || old.Width != f.Width || old.Height != f.Height) {
		old = nil
	}
	for y := range area.Dy() {
		var row []uv.Cell
		if f != nil && y < f.Height {
			row = f.rows[y]
			if old != nil && sameRow(row, old.rows[y]) {
				continue
			}
		} else if old != nil {
			continue // blank below the frame, as before
		}
		drawRow(scr, area.Min.X, area.Min.Y+y, area.Dx(), row)
		m.sel.paint(scr, area, y)
	}
	return next
}

// drawRow copies a row of cells to the screen at x0, y, width cells wide:
// cut at the right edge (a wide character that does not fit becomes a
// blank), padded with blanks.
func drawRow(scr uv.Screen, x0, y, width int, row []uv.Cell) {
	for x := 0; x < width; {
		if x >= len(row) {
			blank := uv.EmptyCell
			scr.SetCell(x0+x, y, &blank)
			x++
			continue
		}
		c := &row[x]
		switch {
		case c.Width == 0:
			// The placeholder after a wide character: setting the
			// character set it. (A stray one is left alone.)
			x++
		case c.Width > width-x:
			blank := uv.EmptyCell
			blank.Style = c.Style
			scr.SetCell(x0+x, y, &blank)
			x++
		default:
			scr.SetCell(x0+x, y, c)
			x += c.Width
		}
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
