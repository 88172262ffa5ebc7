package screen

import (
	uv "github.com/charmbracelet/ultraviolet"
)

// Canvas is the next frame: the cells on screen and where the real cursor
// goes. It remembers which rows changed, so a frame costs what changed, not
// the size of the screen. A Canvas is not safe for concurrent use; the one
// inside a Screen is only handed out under the screen's lock.
type Canvas struct {
	buf    uv.ScreenBuffer
	cursor *uv.Cursor // nil: hidden
}

var _ uv.Screen = (*Canvas)(nil)

// NewCanvas returns a blank canvas of the given size, for drawing outside a
// Screen (tests, benchmarks).
func NewCanvas(width, height int) *Canvas {
	return &Canvas{buf: uv.NewScreenBuffer(max(width, 0), max(height, 0))}
}

// Bounds implements uv.Screen.
func (c *Canvas) Bounds() uv.Rectangle { return c.buf.Bounds() }

// CellAt implements uv.Screen.
func (c *Canvas) CellAt(x, y int) *uv.Cell { return c.buf.CellAt(x, y) }

// SetCell implements uv.Screen. Setting a cell to what it already holds
// changes nothing, so copying unchanged rows costs no output.
func (c *Canvas) SetCell(x, y int, cell *uv.Cell) { c.buf.SetCell(x, y, cell) }

// WidthMethod implements uv.Screen.
func (c *Canvas) WidthMethod() uv.WidthMethod { return c.buf.WidthMethod() }

// Resize sets the canvas size. When the size changes every cell is blank
// afterwards and it reports true: the caller must draw everything again.
func (c *Canvas) Resize(width, height int) bool {
	width, height = max(width, 0), max(height, 0)
	if b := c.buf.Bounds(); b.Dx() == width && b.Dy() == height {
		return false
	}
	c.buf.Resize(width, height)
	c.buf.Clear()
	return true
}

// DrawString draws styled text (SGR sequences, newlines) into area: the
// area is cleared, lines start at its left edge and are cut at its right
// and bottom edges. Other escape sequences in s are dropped.
func (c *Canvas) DrawString(area uv.Rectangle, s string) {
	area = area.Intersect(c.Bounds())
	if area.Empty() {
		return
	}
	uv.NewStyledString(s).Draw(c, area)
}

// SetCursor places the real cursor (screen coordinates) for this frame, or
// hides it when cur is nil.
func (c *Canvas) SetCursor(cur *uv.Cursor) {
	if cur != nil {
		cp := *cur
		cur = &cp
	}
	c.cursor = cur
}

// Cursor is where the cursor goes this frame, nil when hidden.
func (c *Canvas) Cursor() *uv.Cursor { return c.cursor }

// Render returns the canvas as styled text, rows joined by newlines.
func (c *Canvas) Render() string { return c.buf.Render() }

// String returns the canvas as plain text, rows joined by newlines.
func (c *Canvas) String() string { return c.buf.String() }
