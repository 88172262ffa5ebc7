package screen

import (
	"syscall"
	"testing"
	"time"

	uv "github.com/charmbracelet/ultraviolet"
	"github.com/creack/pty"
)

// events collects what Listen hands over.
func listen(t *testing.T, s *Screen) chan uv.Event {
	t.Helper()
	evs := make(chan uv.Event, 64)
	if err := s.Listen(func(ev uv.Event) { evs <- ev }); err != nil {
		t.Fatal(err)
	}
	return evs
}

func next(t *testing.T, evs chan uv.Event) uv.Event {
	t.Helper()
	select {
	case ev := <-evs:
		return ev
	case <-time.After(5 * time.Second):
		t.Fatal("no event")
		return nil
	}
}

// A lone Esc is the Esc key (after the short timeout, not Bubble Tea's
// 50 ms); Esc with a key after it in the same write is Alt+key.
func TestListenDecodesEscAndAltKeys(t *testing.T) {
	s, p := openScreen(t, 80, 24, Options{})
	evs := listen(t, s)
	p.master.Write([]byte("\x1b"))
	if k, ok := next(t, evs).(uv.KeyPressEvent); !ok || k.Code != uv.KeyEscape || k.Mod != 0 {
		t.Fatalf("lone Esc decoded as %#v", k)
	}
	p.master.Write([]byte("\x1bx"))
	if k, ok := next(t, evs).(uv.KeyPressEvent); !ok || k.Code != 'x' || k.Mod != uv.ModAlt {
		t.Fatalf("Esc x decoded as %#v", k)
	}
}

// The terminal's answer to the synchronized-output query turns DEC 2026 on
// and is not passed on; the next key is.
func TestListenTakesTheSyncAnswer(t *testing.T) {
	s, p := openScreen(t, 80, 24, Options{})
	evs := listen(t, s)
	p.master.Write([]byte("\x1b[?2026;2$y"))
	p.master.Write([]byte("k"))
	if k, ok := next(t, evs).(uv.KeyPressEvent); !ok || k.Code != 'k' {
		t.Fatalf("got %#v, want the key after the mode report", k)
	}
	s.mu.Lock()
	sync := s.sync
	s.mu.Unlock()
	if !sync {
		t.Fatal("DEC 2026 not enabled by the terminal's answer")
	}
}

// A resize of the terminal arrives as a size event.
func TestListenReportsResizes(t *testing.T) {
	s, p := openScreen(t, 80, 24, Options{})
	evs := listen(t, s)
	if err := pty.Setsize(p.master, &pty.Winsize{Cols: 100, Rows: 30}); err != nil {
		t.Fatal(err)
	}
	// The kernel signals the PTY's foreground group, which a test process
	// is not; deliver the signal as the terminal would.
	syscall.Kill(syscall.Getpid(), syscall.SIGWINCH)
	for {
		if ws, ok := next(t, evs).(uv.WindowSizeEvent); ok {
			if ws.Width != 100 || ws.Height != 30 {
				t.Fatalf("size event %dx%d, want 100x30", ws.Width, ws.Height)
			}
			return
		}
	}
}
