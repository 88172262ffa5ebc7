package screen

import (
	"bytes"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	uv "github.com/charmbracelet/ultraviolet"
	"github.com/creack/pty"
)

// ttyPair is a real terminal for a test: the screen runs on the PTY's
// terminal end, the test reads what it writes from the other.
type ttyPair struct {
	master, tty *os.File
	mu          sync.Mutex
	out         bytes.Buffer
}

func newTTY(t testing.TB, w, h int) *ttyPair {
	t.Helper()
	master, tty, err := pty.Open()
	if err != nil {
		t.Fatal(err)
	}
	if err := pty.Setsize(master, &pty.Winsize{Cols: uint16(w), Rows: uint16(h)}); err != nil {
		t.Fatal(err)
	}
	p := &ttyPair{master: master, tty: tty}
	go func() {
		buf := make([]byte, 32<<10)
		for {
			n, err := master.Read(buf)
			p.mu.Lock()
			p.out.Write(buf[:n])
			p.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	t.Cleanup(func() {
		tty.Close()
		master.Close()
	})
	return p
}

// output is everything written so far.
func (p *ttyPair) output() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.out.String()
}

// reset forgets what was written so far.
func (p *ttyPair) reset() {
	p.mu.Lock()
	p.out.Reset()
	p.mu.Unlock()
}

// waitOutput waits until the output satisfies cond.
func (p *ttyPair) waitOutput(t testing.TB, what string, cond func(string) bool) string {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		out := p.output()
		if cond(out) {
			return out
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s; output so far: %q", what, out)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

func (p *ttyPair) waitContains(t testing.TB, s string) string {
	t.Helper()
	return p.waitOutput(t, "waiting for "+s, func(out string) bool { return strings.Contains(out, s) })
}

// openScreen opens a screen on a fresh w×h PTY; Close runs in cleanup.
func openScreen(t testing.TB, w, h int, opts Options) (*Screen, *ttyPair) {
	t.Helper()
	p := newTTY(t, w, h)
	if opts.Env == nil {
		opts.Env = []string{"TERM=xterm-256color", "COLORTERM=truecolor"}
	}
	s, err := Open(p.tty, p.tty, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, p
}

// fill draws every row as a line of text.
func fill(c *Canvas, w, h int) {
	c.Resize(w, h)
	for y := range h {
		c.DrawString(uv.Rect(0, y, w, 1), strings.Repeat(string(rune('a'+y%26)), w))
	}
}

// cell is a one-grapheme cell.
func cell(s string) *uv.Cell { return &uv.Cell{Content: s, Width: 1} }
