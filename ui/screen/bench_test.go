package screen

import (
	"fmt"
	"testing"
)

// BenchmarkFrameOneCell is the frame cost of a one-cell change (an echo):
// the draw, the diff and the write to a real PTY. Target: under 1 ms at
// 200×50 and at 300×80.
func BenchmarkFrameOneCell(b *testing.B) {
	for _, size := range [][2]int{{200, 50}, {300, 80}} {
		w, h := size[0], size[1]
		b.Run(fmt.Sprintf("%dx%d", w, h), func(b *testing.B) {
			s, _ := openScreen(b, w, h, Options{FrameInterval: 1})
			s.Draw(func(c *Canvas) { fill(c, w, h) })
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
