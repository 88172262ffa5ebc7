package termview

import (
	"context"
	"syscall"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	uv "github.com/charmbracelet/ultraviolet"
	"github.com/creack/pty"

	"amux.dev/amux/tmux/tmuxtest"
	"amux.dev/amux/ui/screen"
)

// BenchmarkKeyEcho is a keystroke's whole trip through amux's side, with a
// real tmux in the middle: the key typed on amux's terminal is decoded by
// the screen's reader, written to the view's PTY, echoed by the pane's
// line discipline (cat in cooked mode) back through the tmux client,
// emulated, published as a frame, drawn and written to amux's terminal.
// Keys alternate between a letter and an erase, so the cursor moves and
// nothing scrolls. It reports this process's CPU time (user and system,
// getrusage) and context switches per key: the benchmark's wall time is
// mostly tmux's and the kernel's round trip.
func BenchmarkKeyEcho(b *testing.B) {
	srv := tmuxtest.New(b)
	srv.Session(b, "s", nil, "cat")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	const w, h = benchW, benchH
	term, err := Attach(ctx, srv.Client, "s", Options{Width: w, Height: h})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { term.Close() })

	outer, tty, err := pty.Open()
	if err != nil {
		b.Fatal(err)
	}
	_ = pty.Setsize(outer, &pty.Winsize{Cols: w + 2, Rows: h + 2})
	go func() {
		buf := make([]byte, 64<<10)
		for {
			if _, err := outer.Read(buf); err != nil {
				return
			}
		}
	}()
	scr, err := screen.Open(tty, tty, screen.Options{Env: []string{"TERM=xterm-256color", "COLORTERM=truecolor"}})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() {
		scr.Close()
		tty.Close()
		outer.Close()
	})
	if err := scr.Listen(func(ev uv.Event) {
		if k, ok := ev.(uv.KeyPressEvent); ok {
			_, _ = term.Write(EncodeKey(tea.KeyPressMsg(k), term.Modes()))
		}
	}); err != nil {
		b.Fatal(err)
	}

	m := Model{term: term, width: w, height: h, focused: true}
	var drawn Drawn
	area := uv.Rect(1, 1, w, h)
	// key types one key on amux's terminal and waits until its echo is
	// drawn: the cursor is back at column x.
	key := func(k byte, x int) {
		if _, err := outer.Write([]byte{k}); err != nil {
			b.Fatal(err)
		}
		for {
			fm, ok := term.waitFrame()().(FrameMsg)
			if !ok {
				b.Fatal("the terminal closed")
			}
			scr.Draw(func(c *screen.Canvas) {
				c.Resize(w+2, h+2)
				drawn = m.Draw(c, area, drawn)
			})
			if fm.Frame.Cursor.X == x {
				return
			}
		}
	}
	for range 20 { // the attach's first frames, the reader warmed up
		key('x', 1)
		key(0x7f, 0)
	}

	var before, after syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &before)
	b.ReportAllocs()
	b.ResetTimer()
	keys := 0
	for b.Loop() {
		key('x', 1)
		key(0x7f, 0)
		keys += 2
	}
	b.StopTimer()
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &after)
	cpu := time.Duration(after.Utime.Nano() + after.Stime.Nano() - before.Utime.Nano() - before.Stime.Nano())
	b.ReportMetric(float64(cpu.Microseconds())/float64(keys)/1000, "cpu-ms/key")
	b.ReportMetric(float64(after.Nvcsw+after.Nivcsw-before.Nvcsw-before.Nivcsw)/float64(keys), "ctxsw/key")
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(keys)/1000, "wall-ms/key")
}
