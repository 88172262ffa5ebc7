package screen

import (
	"image/color"

	uv "github.com/charmbracelet/ultraviolet"
)

// Canvas is the next frame: the cells on screen and where the real cursor
// goes. It remembers which rows changed, so a frame costs what changed, not
// the size of the screen. A Canvas is not safe for concurrent use; the one
// inside a Screen is only handed out under the screen's lock.
//
// A canvas can have a fill (SetFill): the colours a cell gets where it has
// none of its own, so that a theme's background is under every cell drawn
// and its text colour replaces the terminal's default foreground.
type Canvas struct {
	buf    uv.ScreenBuffer
	cursor *uv.Cursor // nil: hidden
	// fill is the blank cell in the fill colours; filled says there is a
	// fill at all (without one, cells are set as they come).
	fill   uv.Cell
	filled bool
}

var _ uv.Screen = (*Canvas)(nil)

// NewCanvas returns a blank canvas of the given size, for drawing outside a
// Screen (tests, benchmarks).
func NewCanvas(width, height int) *Canvas {
	return &Canvas{buf: uv.NewScreenBuffer(max(width, 0), max(height, 0)), fill: uv.EmptyCell}
}

// SetFill sets the colours of cells drawn without their own: fg for a cell
// whose foreground is the terminal's default, bg for one whose background
// is. nil leaves that colour to the terminal. It reports whether the fill
// changed; then the cells already drawn are in the old one, and the caller
// must draw every cell again.
func (c *Canvas) SetFill(fg, bg color.Color) bool {
	if c.fill.Style.Fg == fg && c.fill.Style.Bg == bg {
		return false
	}
	c.fill = uv.EmptyCell
	c.fill.Style.Fg, c.fill.Style.Bg = fg, bg
	c.filled = fg != nil || bg != nil
	return true
}

// Fill returns the fill colours (see SetFill).
func (c *Canvas) Fill() (fg, bg color.Color) { return c.fill.Style.Fg, c.fill.Style.Bg }

// Bounds implements uv.Screen.
func (c *Canvas) Bounds() uv.Rectangle { return c.buf.Bounds() }

// CellAt implements uv.Screen.
func (c *Canvas) CellAt(x, y int) *uv.Cell { return c.buf.CellAt(x, y) }

// SetCell implements uv.Screen. Setting a cell to what it already holds
// changes nothing, so copying unchanged rows costs no output. With a fill,
// a nil cell is the fill's blank and a cell's missing colours are the
// fill's; colours a cell has of its own stay.
func (c *Canvas) SetCell(x, y int, cell *uv.Cell) {
	if c.filled {
		switch {
		case cell == nil:
			cell = &c.fill
		case cell.Style.Fg == nil && c.fill.Style.Fg != nil || cell.Style.Bg == nil && c.fill.Style.Bg != nil:
			filled := *cell
			if filled.Style.Fg == nil {
				filled.Style.Fg = c.fill.Style.Fg
			}
			if filled.Style.Bg == nil {
				filled.Style.Bg = c.fill.Style.Bg
			}
			cell = &filled
		}
	}
	c.buf.SetCell(x, y, cell)
}

// WidthMethod implements uv.Screen.
func (c *Canvas) WidthMethod() uv.WidthMethod { return c.buf.WidthMethod() }

// Raw is the canvas without its fill, for an embedded terminal's cells:
// they reach the screen in the colours the program chose, its default
// colours left to the outer terminal. A program picks its colours for the
// person's real terminal background (Claude Code asks it), so under a
// theme of the other lightness the theme's background would make them
// unreadable; the chrome around the tab is painted, the tab is the
// terminal's own.
func (c *Canvas) Raw() uv.Screen { return rawCanvas{c} }

// rawCanvas is Canvas.Raw.
type rawCanvas struct{ c *Canvas }

// Bounds, CellAt, SetCell and WidthMethod implement uv.Screen.
func (r rawCanvas) Bounds() uv.Rectangle            { return r.c.buf.Bounds() }
func (r rawCanvas) CellAt(x, y int) *uv.Cell        { return r.c.buf.CellAt(x, y) }
func (r rawCanvas) SetCell(x, y int, cell *uv.Cell) { r.c.buf.SetCell(x, y, cell) }
func (r rawCanvas) WidthMethod() uv.WidthMethod     { return r.c.buf.WidthMethod() }

// Resize sets the canvas size. When the size changes every cell is blank
// afterwards and it reports true: the caller must draw everything again.
func (c *Canvas) Resize(width, height int) bool {
	width, height = max(width, 0), max(height, 0)
	if b := c.buf.Bounds(); b.Dx() == width && b.Dy() == height {
		return false
	}
	c.buf.Resize(width, height)
	if c.filled {
		c.buf.Fill(&c.fill)
	} else {
		c.buf.Clear()
	}
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
