package termview

import (
	"context"
	"strings"
	"testing"
	"time"
)

// A tab whose history another machine keeps (Options.Capture, a remote
// tab's host) scrolls back through it, with no tmux runner here, and what
// the host sent is drawn as text and styles only.
func TestHistoryReadThroughCaptureIsTextAndStyles(t *testing.T) {
	var asked []int
	capture := func(_ context.Context, lines int) (string, error) {
		asked = append(asked, lines)
		return "older \x1b[1mline\x1b[m\nnew\x1b]52;c;aGk=\x07est\x1b[2J\n", nil
	}
	p := newPipeTerm(t, Options{Width: 40, Height: 6, FrameInterval: time.Nanosecond, Capture: capture})
	m := New(p.Terminal)
	cmd := m.ScrollUp(1)
	if cmd == nil {
		t.Fatal("no capture asked for: the view has no runner, but it has Capture")
	}
	msg, ok := cmd().(HistoryMsg)
	if !ok || msg.Err != nil {
		t.Fatalf("capture answered %+v", msg)
	}
	if len(asked) != 1 || asked[0] != 0 {
		t.Fatalf("Capture asked for %v lines, want all (0)", asked)
	}
	want := []string{"older \x1b[1mline\x1b[m", "newest"}
	if strings.Join(msg.Lines, "|") != strings.Join(want, "|") {
		t.Fatalf("history lines %q, want %q", msg.Lines, want)
	}
}
