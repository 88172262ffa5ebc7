package screen

import (
	"fmt"
	"image/color"
	"testing"
)

// BenchmarkFrameOneCell is the frame cost of a one-cell change (an echo):
// the draw, the diff and the write to a real PTY. Target: under 1 ms at
// 200×50 and at 300×80, with and without a fill (a theme's background).
func BenchmarkFrameOneCell(b *testing.B) {
	for _, size := range [][3]int{{200, 50, 0}, {300, 80, 0}, {200, 50, 1}, {300, 80, 1}} {
		w, h, filled := size[0], size[1], size[2] == 1
		name := fmt.Sprintf("%dx%d", w, h)
		if filled {
			name += "-filled"
		}
		b.Run(name, func(b *testing.B) {
			s, _ := openScreen(b, w, h, Options{FrameInterval: 1})
			s.Draw(func(c *Canvas) {
				if filled {
					c.SetFill(color.RGBA{0x2e, 0x34, 0x40, 0xff}, color.RGBA{0xff, 0xff, 0xff, 0xff})
				}
				fill(c, w, h)
			})
			chars := []string{"x", "y"}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; b.Loop(); i++ {
				s.Draw(func(c *Canvas) { c.SetCell(w/2, h/2, cell(chars[i%2])) })
			}
			b.StopTimer()
			if f := s.Stats().Frames; f < b.N {
				b.Fatalf("%d frames for %d changes", f, b.N)
			}
		})
	}
}
