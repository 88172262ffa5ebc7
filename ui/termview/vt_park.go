package termview

import (
	"strconv"
	"strings"

	uv "github.com/charmbracelet/ultraviolet"
)

// Parking a hidden view's screen. The grid of a 200×50 screen is 1.1 MB of
// 112-byte cells, held by every tab, shown or not: most of what a tab cost
// amux (e2e BenchmarkFlatAtFifty: 0.82 MB of private memory per tab at 10
// tabs). A hidden view whose client is suspended is redrawn whole by tmux
// when it is shown again, so its grid is only needed for the frame shown
// in the round trip before that redraw. While hidden, the grid is kept as
// its rows rendered to text with their styles (a few KB) and the grid
// itself is a single cell; showing the view writes the rows back.

// parker is an Emulator that can give back its screen's memory while its
// view is hidden and restore the screen as it was.
type parker interface {
	park()
	unpark()
}

// parkedScreen is a parked emulator's screen: its size, rows and cursor.
type parkedScreen struct {
	w, h int
	rows []string // each row rendered with its styles and links
	cur  uv.Position
}

// park keeps the screen as text and drops its grid. A second park, or one
// the emulator's layout does not allow (shrinkScreen fails), does nothing.
func (e *vtEmulator) park() {
	if e.parked != nil {
		return
	}
	w, h := e.emu.Width(), e.emu.Height()
	p := &parkedScreen{w: w, h: h, rows: make([]string, h), cur: e.emu.CursorPosition()}
	for y := range h {
		p.rows[y] = parkRow(e, y, w)
	}
	if !shrinkScreen(e.emu, 0) {
		return
	}
	e.parked = p
}

// parkRow is row y of the screen as text with its styles.
func parkRow(e *vtEmulator, y, w int) string {
	line := make(uv.Line, w)
	for x := range w {
		if c := e.emu.CellAt(x, y); c != nil {
			line[x] = *c
		}
	}
	return line.Render()
}

// unpark gives the screen its grid back, at the size it had (or was given
// while parked), and writes the kept rows and cursor into it.
func (e *vtEmulator) unpark() {
	p := e.parked
	if p == nil {
		return
	}
	e.parked = nil
	e.Resize(p.w, p.h)
	var b strings.Builder
	for y, row := range p.rows {
		if row == "" || y >= p.h {
			continue
		}
		b.WriteString("\x1b[" + strconv.Itoa(y+1) + ";1H" + row + "\x1b[0m")
	}
	b.WriteString("\x1b[" + strconv.Itoa(p.cur.Y+1) + ";" + strconv.Itoa(p.cur.X+1) + "H")
	_, _ = e.emu.WriteString(b.String())
}
