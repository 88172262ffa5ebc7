package termview

import (
	"fmt"
	"image/color"
	"io"
	"strings"
	"testing"
	"time"

	uv "github.com/charmbracelet/ultraviolet"
	"github.com/creack/pty"

	"amux.dev/amux/ui/screen"
)

// benchW and benchH are the size the e2e benchmarks give a tab (200×50).
const benchW, benchH = 200, 50

// tmuxRedraw is one full redraw as tmux sends it to an attach client with
// the sync feature: bracketed in the DCS form, every row positioned and
// drawn with frequent colour changes (an agent's syntax-highlighted output).
func tmuxRedraw(n int) string {
	var b strings.Builder
	b.WriteString(seqSyncBeginDCS)
	for y := range benchH {
		fmt.Fprintf(&b, "\x1b[%dH", y+1)
		for x := 0; x < benchW; x += 10 {
			fmt.Fprintf(&b, "\x1b[38;5;%dm%-10.10s", (x+y+n)%200+16, fmt.Sprintf("f%d.%d", n, x))
		}
		b.WriteString("\x1b[m\x1b[K")
	}
	b.WriteString(seqSyncEndDCS)
	return b.String()
}

// discardRW is a PTY stand-in for benchmarks that drive ingest directly.
type discardRW struct{}

func (discardRW) Read([]byte) (int, error)    { return 0, io.EOF }
func (discardRW) Write(p []byte) (int, error) { return len(p), nil }
func (discardRW) Close() error                { return nil }

// BenchmarkIngest feeds tmux-style redraws in reader-sized chunks through
// the reader's path: scanning for markers, emulating and taking frames.
func BenchmarkIngest(b *testing.B) {
	var stream strings.Builder
	for n := 0; stream.Len() < 4<<20; n++ {
		stream.WriteString(tmuxRedraw(n))
	}
	data := []byte(stream.String())
	t := newTerminal(discardRW{}, Options{Width: benchW, Height: benchH, FrameInterval: time.Nanosecond, SustainedRate: 1e9, FrameBurst: 1 << 20})
	go t.drainReplies()
	defer t.emu.Close()
	sc := seqSplitter{pats: []string{seqSyncBegin, seqSyncEnd, seqSyncBeginDCS, seqSyncEndDCS}}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		for p := data; len(p) > 0; {
			n := min(len(p), readBufSize)
			t.ingest(&sc, p[:n])
			p = p[n:]
		}
	}
	b.ReportMetric(float64(t.Stats().Frames)/float64(b.N), "frames/op")
}

// BenchmarkEchoFrame is the whole frame cost of a keystroke's echo: the
// reader's path (markers, emulation, damage, the frame's news) for the
// echoed character, then the view drawing the changed row into the screen's
// canvas and the screen writing the difference to a real PTY. Target: under
// 1 ms at 200×50 and at 300×80, with and without a fill (a theme's
// background under the program's default-coloured cells).
func BenchmarkEchoFrame(b *testing.B) {
	for _, size := range [][3]int{{200, 50, 0}, {300, 80, 0}, {200, 50, 1}, {300, 80, 1}} {
		w, h, filled := size[0], size[1], size[2] == 1
		name := fmt.Sprintf("%dx%d", w, h)
		if filled {
			name += "-filled"
		}
		b.Run(name, func(b *testing.B) {
			t := newTerminal(discardRW{}, Options{Width: w, Height: h, FrameInterval: time.Nanosecond, SustainedRate: 1e9, FrameBurst: 1 << 20})
			go t.drainReplies()
			defer t.emu.Close()
			sc := seqSplitter{pats: []string{seqSyncBegin, seqSyncEnd, seqSyncBeginDCS, seqSyncEndDCS}}
			t.ingest(&sc, []byte(tmuxRedraw(1)))
			scr := openBenchScreen(b, w+2, h+2)
			m := Model{term: t, width: w, height: h, focused: true}
			var drawn Drawn
			area := uv.Rect(1, 1, w, h)
			draw := func() {
				scr.Draw(func(c *screen.Canvas) {
					if filled {
						c.SetFill(color.RGBA{0x2e, 0x34, 0x40, 0xff}, color.RGBA{0xff, 0xff, 0xff, 0xff})
					}
					if c.Resize(w+2, h+2) {
						// amux's bottom row is never blank (hints, a
						// border), which keeps the renderer's scan for a
						// blank bottom of the screen short.
						c.DrawString(uv.Rect(0, h+1, w+2, 1), strings.Repeat("─", w+2))
					}
					drawn = m.Draw(c, area, drawn)
				})
			}
			draw()
			t.ingest(&sc, []byte("\x1b[20;1H"))
			b.ReportAllocs()
			b.ResetTimer()
			for n := 0; b.Loop(); n++ {
				echo := []byte{"abcdefghij"[n%10]}
				if n%100 == 99 {
					echo = append(echo, '\r')
				}
				t.ingest(&sc, echo)
				draw()
			}
		})
	}
}

// openBenchScreen opens a screen on a PTY whose output is drained.
func openBenchScreen(b *testing.B, w, h int) *screen.Screen {
	master, tty, err := pty.Open()
	if err != nil {
		b.Fatal(err)
	}
	_ = pty.Setsize(master, &pty.Winsize{Cols: uint16(w), Rows: uint16(h)})
	go func() { _, _ = io.Copy(io.Discard, master) }()
	s, err := screen.Open(tty, tty, screen.Options{Env: []string{"TERM=xterm-256color", "COLORTERM=truecolor"}, FrameInterval: 1})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() {
		s.Close()
		tty.Close()
		master.Close()
	})
	return s
}
