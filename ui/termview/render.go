package termview

import (
	"strings"

	uv "github.com/charmbracelet/ultraviolet"
)

// Frame is the news that a terminal's screen changed, published only
// between synchronized updates (or once one has been open too long): the
// screen's size and the program's cursor, modes and title as of then. The
// cells stay in the emulator: Model.Draw copies them to the screen, only the
// rows that changed since the last draw, and Terminal.Lines pictures them.
type Frame struct {
	Width  int
	Height int
	Cursor Cursor
	Modes  Modes
	Title  string
	Seq    uint64 // increases with every frame of one Terminal
}

// sameLook reports whether two frames show the same cursor, modes and title
// on a screen of the same size.
func sameLook(a, b Frame) bool {
	return a.Width == b.Width && a.Height == b.Height && a.Cursor == b.Cursor && a.Modes == b.Modes && a.Title == b.Title
}

// screenLines renders every row of the emulator (see renderRow).
func screenLines(e Emulator) []string {
	w, h := e.Size()
	lines := make([]string, h)
	var b strings.Builder
	for y := range h {
		b.Reset()
		b.Grow(w + 16)
		renderRow(&b, e, y, w)
		lines[y] = b.String()
	}
	return lines
}

// renderRow writes row y as text with the SGR sequences its styles need,
// exactly w cells wide. Colours are written as stored, so truecolor stays
// truecolor.
func renderRow(b *strings.Builder, e Emulator, y, w int) {
	var cur uv.Style
	for x := 0; x < w; {
		c := e.CellAt(x, y)
		if c == nil || c.Width == 0 || c.Width > w-x {
			// Nothing, a stray placeholder, or a wide character cut by the
			// right edge: keep the row w cells wide.
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
