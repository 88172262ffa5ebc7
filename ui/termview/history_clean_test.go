package termview

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestTextAndStylesKeepsOnlyTextAndSGR: a capture from a hostile host
// keeps its words and colours, and loses every sequence that would act on
// this machine's terminal.
func TestTextAndStylesKeepsOnlyTextAndSGR(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"plain and styled", "a \x1b[1;38;5;202mb\x1b[0m\tc\n", "a \x1b[1;38;5;202mb\x1b[0m\tc\n"},
		{"colon colours", "\x1b[38:2::1:2:3mx", "\x1b[38:2::1:2:3mx"},
		{"clipboard write", "x\x1b]52;c;aGk=\x07y", "xy"},
		{"title with ST", "x\x1b]2;owned\x1b\\y", "xy"},
		{"tmux passthrough", "x\x1bPtmux;\x1b\x1b]52;c;aGk=\x07\x1b\\y", "xy"},
		{"cursor moves", "x\x1b[2J\x1b[H\x1b[10;10Hy", "xy"},
		{"private modes", "x\x1b[?1049h\x1b[>4;2my", "xy"},
		{"C0 and C1", "x\r\x08\x00\u009b31my\u00e9", "x31myé"},
		{"ESC pairs", "x\x1bc\x1b(By", "xy"},
		{"unterminated", "x\x1b]52;c;aGk", "x"},
		{"broken utf8", "x\xffy", "xy"},
	}
	for _, c := range cases {
		if got := textAndStyles(c.in); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

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
