package termview

import (
	"strings"

	uv "github.com/charmbracelet/ultraviolet"
)

// Frame is an immutable snapshot of a terminal screen, taken only when the
// program was not in the middle of a synchronized update.
type Frame struct {
	Lines []string // one styled line (SGR sequences) per row, exactly Width cells wide
	// Content is Lines joined by newlines, built once off the UI goroutine
	// so View costs nothing in the common case.
	Content string
	Width   int
	Height  int
	Cursor  Cursor
	Modes   Modes
	Title   string
	Seq     uint64 // increases with every frame of one Terminal
}

// snapshot renders the emulator's screen into a Frame.
func snapshot(e Emulator, seq uint64) *Frame {
	w, h := e.Size()
	f := &Frame{Width: w, Height: h, Cursor: e.Cursor(), Modes: e.Modes(), Title: e.Title(), Seq: seq, Lines: make([]string, h)}
	var b strings.Builder
	for y := range h {
		b.Reset()
		b.Grow(w + 16)
		renderRow(&b, e, y, w)
		f.Lines[y] = b.String()
	}
	f.Content = strings.Join(f.Lines, "\n")
	return f
}

// renderRow writes row y as text with the SGR sequences its styles need.
// Colours are written as stored, so truecolor stays truecolor; the outer
// renderer downsamples for the real terminal.
func renderRow(b *strings.Builder, e Emulator, y, w int) {
	var cur uv.Style
	for x := 0; x < w; {
		c := e.CellAt(x, y)
		if c == nil {
			b.WriteByte(' ')
			x++
			continue
		}
		if c.Width > w-x {
			// A wide character cut by the right edge: keep the row w cells wide.
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
		x += max(c.Width, 1)
	}
	if !cur.IsZero() {
		b.WriteString("\x1b[m")
	}
}
