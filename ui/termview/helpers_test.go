package termview

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// pipeTerm is a Terminal over pipes instead of a PTY: the test plays the
// program (Output) and reads what the terminal sends it (Input).
type pipeTerm struct {
	*Terminal
	progOut *os.File // the program's output: the terminal reads the other end
	mu      sync.Mutex
	input   bytes.Buffer
}

type pipeRW struct {
	r, w *os.File
}

func (p pipeRW) Read(b []byte) (int, error)  { return p.r.Read(b) }
func (p pipeRW) Write(b []byte) (int, error) { return p.w.Write(b) }
func (p pipeRW) Close() error {
	p.r.Close()
	return p.w.Close()
}

func newPipeTerm(t *testing.T, opts Options) *pipeTerm {
	t.Helper()
	or, ow, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	ir, iw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	pt := &pipeTerm{progOut: ow}
	pt.Terminal = newTerminal(pipeRW{r: or, w: iw}, opts)
	go func() {
		buf := make([]byte, 4096)
		for {
			n, err := ir.Read(buf)
			pt.mu.Lock()
			pt.input.Write(buf[:n])
			pt.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	pt.start()
	t.Cleanup(func() {
		ow.Close()
		pt.Close()
		<-pt.Done()
		ir.Close()
	})
	return pt
}

// Output plays the program printing s.
func (p *pipeTerm) Output(t *testing.T, s string) {
	t.Helper()
	if _, err := p.progOut.WriteString(s); err != nil {
		t.Fatal(err)
	}
}

// Input is everything the terminal has written to the program so far.
func (p *pipeTerm) Input() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.input.String()
}

// nextFrame runs the model's frame command until a frame satisfies cond.
func nextFrame(t *testing.T, term *Terminal, cond func(*Frame) bool) *Frame {
	t.Helper()
	got := make(chan *Frame, 1)
	go func() {
		for {
			msg := term.waitFrame()()
			fm, ok := msg.(FrameMsg)
			if !ok {
				got <- nil
				return
			}
			if cond(fm.Frame) {
				got <- fm.Frame
				return
			}
		}
	}()
	select {
	case f := <-got:
		if f == nil {
			t.Fatal("terminal closed before the frame came")
		}
		return f
	case <-time.After(5 * time.Second):
		t.Fatal("no matching frame within 5s")
	}
	return nil
}

// frameHas is a frame condition: the terminal's screen (whole, between
// synchronized updates) shows s.
func frameHas(term *Terminal, s string) func(*Frame) bool {
	return func(*Frame) bool { return strings.Contains(screenText(term), s) }
}

// screenText is the terminal's screen as plain text ("" mid-update).
func screenText(term *Terminal) string {
	return ansi.Strip(strings.Join(term.Lines(), "\n"))
}

// fakeRunner answers capture-pane with fixed text and records calls.
type fakeRunner struct {
	out   string
	calls []string
}

func (r *fakeRunner) Run(_ context.Context, args ...string) (string, error) {
	r.calls = append(r.calls, fmt.Sprint(args))
	return r.out, nil
}
