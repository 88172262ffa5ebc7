package termview

import (
	"image/color"
	"testing"

	uv "github.com/charmbracelet/ultraviolet"

	"amux.dev/amux/ui/screen"
)

// An embedded program's cells in the terminal's default colours take the
// theme's (the canvas fill) when copied to the screen; colours the program
// chose stay as they are, and a selection over them is the fill reversed.
func TestDefaultColouredCellsTakeTheFill(t *testing.T) {
	e := newEmu(t, 8, 2)
	e.Write([]byte("a\x1b[31mb\x1b[42mc\x1b[m\x1b[7md\x1b[m"))
	fg, bg := color.RGBA{0x2e, 0x34, 0x40, 0xff}, color.RGBA{0xff, 0xff, 0xff, 0xff}
	c := screen.NewCanvas(8, 2)
	c.SetFill(fg, bg)
	drawRow(c, 0, 0, 8, e, 0, 8)
	red, green := e.CellAt(1, 0).Style.Fg, e.CellAt(2, 0).Style.Bg
	if red == nil || green == nil {
		t.Fatalf("emulator colours %v %v", red, green)
	}
	for x, want := range []struct{ fg, bg color.Color }{
		{fg, bg},     // a: default on default
		{red, bg},    // b: its own foreground, the default background
		{red, green}, // c: both its own
		{fg, bg},     // d: default colours, reversed by its attribute
		{fg, bg},     // blank past the text
	} {
		got := c.CellAt(x, 0).Style
		if got.Fg != want.fg || got.Bg != want.bg {
			t.Errorf("cell %d: %v on %v, want %v on %v", x, got.Fg, got.Bg, want.fg, want.bg)
		}
	}
	if a := c.CellAt(3, 0).Style.Attrs; a&uv.AttrReverse == 0 {
		t.Errorf("reverse attribute lost: %v", a)
	}
	drawBlank(c, 0, 1, 8)
	if got := c.CellAt(4, 1).Style; got.Fg != fg || got.Bg != bg {
		t.Errorf("blank row: %v on %v", got.Fg, got.Bg)
	}
	selection{active: true, anchor: point{0, 0}, head: point{1, 0}}.paint(c, uv.Rect(0, 0, 8, 2), 0)
	if got := c.CellAt(1, 0).Style; got.Fg != fg || got.Bg != bg || got.Attrs&uv.AttrReverse == 0 {
		t.Errorf("selected cell: %v on %v attrs %v, want the fill reversed", got.Fg, got.Bg, got.Attrs)
	}

	// Without a fill (the terminal theme) the cells are copied as they are.
	plain := screen.NewCanvas(8, 2)
	drawRow(plain, 0, 0, 8, e, 0, 8)
	if got := plain.CellAt(0, 0).Style; got.Fg != nil || got.Bg != nil {
		t.Errorf("unfilled canvas painted %v on %v", got.Fg, got.Bg)
	}
	if got := plain.CellAt(1, 0).Style; got.Fg != red || got.Bg != nil {
		t.Errorf("unfilled canvas: %v on %v", got.Fg, got.Bg)
	}
}
