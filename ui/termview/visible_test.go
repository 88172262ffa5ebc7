package termview

import (
	"strings"
	"testing"
	"time"

	"amux.dev/amux/tmux/tmuxtest"
)

// A hidden terminal whose client cannot be suspended (a remote tab's: its
// tmux server is on the host) keeps reading and emulating, so nothing backs
// up into a server polling for room; shown again, its screen is the
// latest at once, with nothing left to read.
func TestHiddenTerminalThatCannotSuspendKeepsReading(t *testing.T) {
	pt := newPipeTerm(t, Options{Width: 20, Height: 3})
	pt.Output(t, "first")
	nextFrame(t, pt.Terminal, frameHas(pt.Terminal, "first"))
	pt.SetVisible(false)
	read := pt.Stats().BytesRead
	pt.Output(t, " second third")
	tmuxtest.WaitFor(t, 5*time.Second, func() (bool, string) {
		return pt.Stats().BytesRead >= read+uint64(len(" second third")), "the hidden reader stopped"
	})
	if pt.held.Load() {
		t.Fatal("the reader is held while hidden")
	}
	f := pt.setVisible(true)
	if f == nil || !strings.Contains(screenText(pt.Terminal), "third") {
		t.Fatalf("shown: frame %v, screen %q, want the latest at once", f, screenText(pt.Terminal))
	}
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
