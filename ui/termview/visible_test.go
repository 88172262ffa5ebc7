package termview

import (
	"strings"
	"testing"
	"time"

	"amux.dev/amux/tmux/tmuxtest"
)

// A hidden terminal reads nothing: what the program prints waits (in tmux,
// for a real attach client) until the view is shown, then comes at once.
func TestHiddenTerminalDoesNotRead(t *testing.T) {
	pt := newPipeTerm(t, Options{Width: 20, Height: 3})
	pt.Output(t, "first")
	nextFrame(t, pt.Terminal, frameHas(pt.Terminal, "first"))
	pt.SetVisible(false)
	pt.Output(t, " second") // the read already waiting takes this
	tmuxtest.WaitFor(t, 5*time.Second, func() (bool, string) {
		return pt.held.Load(), "the reader never stopped"
	})
	read := pt.Stats().BytesRead
	pt.Output(t, " third")
	if got := pt.Stats().BytesRead; got != read || !pt.held.Load() {
		t.Fatalf("a hidden terminal read %d more bytes", got-read)
	}
	pt.SetVisible(true)
	nextFrame(t, pt.Terminal, frameHas(pt.Terminal, "third"))
}

// A hidden terminal, shown again, publishes the screen at once, though
// nothing new was printed to read.
func TestShownTerminalPublishesAtOnce(t *testing.T) {
	pt := newPipeTerm(t, Options{Width: 20, Height: 3})
	pt.Output(t, "hello")
	nextFrame(t, pt.Terminal, frameHas(pt.Terminal, "hello"))
	if f := pt.setVisible(false); f != nil {
		t.Fatal("hiding returned a frame")
	}
	f := pt.setVisible(true)
	if f == nil || f.Seq == 0 {
		t.Fatalf("showing published %+v, want a frame at once", f)
	}
	if got := screenText(pt.Terminal); !strings.Contains(got, "hello") {
		t.Fatalf("screen %q lost hello", got)
	}
}
