package screen

import (
	"image/color"
	"strings"
	"testing"

	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"
)

// With a fill every cell the canvas holds has colours: a cleared or resized
// canvas is the fill's blank, a drawn cell keeps its own colours and gets
// the fill's where it has none.
func TestCanvasFill(t *testing.T) {
	fg, bg := color.RGBA{1, 2, 3, 0xff}, color.RGBA{250, 250, 250, 0xff}
	own := color.RGBA{200, 0, 0, 0xff}
	c := NewCanvas(6, 2)
	if !c.SetFill(fg, bg) || c.SetFill(fg, bg) {
		t.Fatal("SetFill must report a change once")
	}
	c.Resize(10, 3)
	c.DrawString(uv.Rect(0, 0, 10, 1), "a\x1b[38;2;200;0;0mb\x1b[m")
	for _, p := range [][2]int{{0, 0}, {5, 0}, {9, 2}} {
		if s := c.CellAt(p[0], p[1]).Style; s.Fg != fg || s.Bg != bg {
			t.Errorf("cell %v: %v on %v, want the fill", p, s.Fg, s.Bg)
		}
	}
	if s := c.CellAt(1, 0).Style; s.Fg != own || s.Bg != bg {
		t.Errorf("coloured cell: %v on %v", s.Fg, s.Bg)
	}
	if !c.SetFill(nil, nil) {
		t.Fatal("clearing the fill is a change")
	}
	c.SetCell(2, 2, nil)
	if s := c.CellAt(2, 2).Style; s.Fg != nil || s.Bg != nil {
		t.Errorf("no fill, cleared cell: %v on %v", s.Fg, s.Bg)
	}
}

// A cursor with a colour is drawn in it (OSC 12), written once while it
// stays, and the terminal gets its own cursor colour back on close.
func TestCursorColour(t *testing.T) {
	s, p := openScreen(t, 20, 5, Options{FrameInterval: 1})
	tint := color.RGBA{0x2e, 0x34, 0x40, 0xff}
	s.Draw(func(c *Canvas) {
		fill(c, 20, 5)
		c.SetCursor(&uv.Cursor{Position: uv.Pos(2, 2), Color: tint})
	})
	p.waitContains(t, ansi.SetCursorColor("#2e3440"))
	p.reset()
	s.Draw(func(c *Canvas) { c.SetCell(1, 1, cell("x")) })
	out := p.waitContains(t, "x")
	if strings.Contains(out, "\x1b]12;") {
		t.Fatalf("unchanged cursor colour written again: %q", out)
	}
	s.Close()
	p.waitContains(t, ansi.ResetCursorColor)
}
