package termview

import (
	"strings"

	uv "github.com/charmbracelet/ultraviolet"
)

// Frame is an immutable snapshot of a terminal screen, taken only when the
// program was not in the middle of a synchronized update. It holds the
// emulator's cells, not text: the screen copies them straight into its
// buffer. A row that did not change since the previous frame is that
// frame's row (rows are never written once published), so a frame costs
// what changed and a reader can tell an unchanged row by identity.
type Frame struct {
	rows   [][]uv.Cell // Height rows of exactly Width cells
	Width  int
	Height int
	Cursor Cursor
	Modes  Modes
	Title  string
	Seq    uint64 // increases with every frame of one Terminal
}

// Cell returns the cell at x, y, nil outside the frame. The second column
// of a wide character is a zero-width placeholder.
func (f *Frame) Cell(x, y int) *uv.Cell {
	if y < 0 || y >= len(f.rows) || x < 0 || x >= len(f.rows[y]) {
		return nil
	}
	return &f.rows[y][x]
}

// Line renders row y as text with the SGR sequences its styles need, exactly
// Width cells wide. Colours are written as stored, so truecolor stays
// truecolor.
func (f *Frame) Line(y int) string {
	if y < 0 || y >= len(f.rows) {
		return ""
	}
	var b strings.Builder
	b.Grow(f.Width + 16)
	renderRow(&b, f.rows[y])
	return b.String()
}

// Lines renders every row (see Line).
func (f *Frame) Lines() []string {
	out := make([]string, len(f.rows))
	for y := range f.rows {
		out[y] = f.Line(y)
	}
	return out
}

// String renders the frame as styled text, rows joined by newlines.
func (f *Frame) String() string { return strings.Join(f.Lines(), "\n") }

// snapshot takes a frame of the emulator's screen. prev is the frame taken
// before it (nil for none): rows the emulator reports unchanged, and rows
// whose cells turn out equal, are prev's rows. damage is scratch space.
func snapshot(e Emulator, prev *Frame, seq uint64, damage []bool) *Frame {
	w, h := e.Size()
	f := &Frame{Width: w, Height: h, Cursor: e.Cursor(), Modes: e.Modes(), Title: e.Title(), Seq: seq, rows: make([][]uv.Cell, h)}
	if prev != nil && (prev.Width != w || prev.Height != h) {
		prev = nil
	}
	if len(damage) < h {
		damage = make([]bool, h)
	}
	damage = damage[:h]
	clear(damage)
	known := e.TakeDamage(damage)
	for y := range h {
		var old []uv.Cell
		if prev != nil {
			old = prev.rows[y]
			if known && !damage[y] {
				f.rows[y] = old
				continue
			}
		}
		f.rows[y] = copyRow(e, y, w, old)
	}
	return f
}

// copyRow returns row y of the emulator: old itself when every cell is
// equal (tmux redraws whole screens that did not change), else a copy.
func copyRow(e Emulator, y, w int, old []uv.Cell) []uv.Cell {
	if len(old) == w {
		same := true
		for x := range old {
			if c := e.CellAt(x, y); c == nil && old[x] != uv.EmptyCell || c != nil && !c.Equal(&old[x]) {
				same = false
				break
			}
		}
		if same {
			return old
		}
	}
	row := make([]uv.Cell, w)
	for x := range row {
		if c := e.CellAt(x, y); c != nil {
			row[x] = *c
		} else {
			row[x] = uv.EmptyCell
		}
	}
	return row
}

// sameRow reports whether two rows are the same row of cells (not merely
// equal ones): frames share the rows that did not change.
func sameRow(a, b []uv.Cell) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// renderRow writes a row as text with the SGR sequences its styles need.
func renderRow(b *strings.Builder, row []uv.Cell) {
	var cur uv.Style
	w := len(row)
	for x := 0; x < w; {
		c := &row[x]
		if c.Width == 0 || c.Width > w-x {
			// A stray placeholder, or a wide character cut by the right
			// edge: keep the row w cells wide.
			b.WriteByte(' ')
			x++
			continue
		}
		if !c.Style.Equal(&cur) {
			b.WriteString(uv.StyleDiff(&cur, &c.Style))
			cur = c.Style
		}
		if c.Content == "" {
			b.WriteByte(' ')
		} else {
			b.WriteString(c.Content)
		}
		// A wide character's width skips its placeholder column.
		x += c.Width
	}
	if !cur.IsZero() {
		b.WriteString("\x1b[m")
	}
}
