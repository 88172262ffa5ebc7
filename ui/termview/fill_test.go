package termview

import (
	"image/color"
	"testing"

	uv "github.com/charmbracelet/ultraviolet"

	"amux.dev/amux/ui/screen"
)

// Under a theme that paints its background, an embedded program's cells go
// through the canvas's raw side: colours the program chose stay, its
// default colours stay the outer terminal's (a program picks colours for
// the real background), and blanks and a selection are not painted either.
func TestEmbeddedCellsKeepTheirOwnColoursUnderATheme(t *testing.T) {
	e := newEmu(t, 8, 2)
	e.Write([]byte("a\x1b[31mb\x1b[42mc\x1b[m\x1b[7md\x1b[m"))
	fg, bg := color.RGBA{0x2e, 0x34, 0x40, 0xff}, color.RGBA{0xff, 0xff, 0xff, 0xff}
	c := screen.NewCanvas(8, 2)
	c.SetFill(fg, bg)
	raw := c.Raw()
	drawRow(raw, 0, 0, 8, e, 0, 8)
	red, green := e.CellAt(1, 0).Style.Fg, e.CellAt(2, 0).Style.Bg
	if red == nil || green == nil {
		t.Fatalf("emulator colours %v %v", red, green)
	}
	for x, want := range []struct{ fg, bg color.Color }{
		{nil, nil},   // a: default on default
		{red, nil},   // b: its own foreground, the default background
		{red, green}, // c: both its own
		{nil, nil},   // d: default colours, reversed by its attribute
		{nil, nil},   // blank past the text
	} {
		got := c.CellAt(x, 0).Style
		if got.Fg != want.fg || got.Bg != want.bg {
			t.Errorf("cell %d: %v on %v, want %v on %v", x, got.Fg, got.Bg, want.fg, want.bg)
		}
	}
	if a := c.CellAt(3, 0).Style.Attrs; a&uv.AttrReverse == 0 {
		t.Errorf("reverse attribute lost: %v", a)
	}
	drawBlank(raw, 0, 1, 8)
	if got := c.CellAt(4, 1).Style; got.Fg != nil || got.Bg != nil {
		t.Errorf("blank row painted %v on %v", got.Fg, got.Bg)
	}
	// The chrome beside it is painted: the same canvas's own side fills.
	c.SetCell(7, 1, nil)
	if got := c.CellAt(7, 1).Style; got.Fg != fg || got.Bg != bg {
		t.Errorf("chrome cell %v on %v, want the fill", got.Fg, got.Bg)
	}
}
