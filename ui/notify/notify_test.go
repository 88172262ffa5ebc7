package notify

import (
	"strings"
	"testing"
)

func TestSequences(t *testing.T) {
	if got := Sequence(OSC9, "feat · claude", "Which migration?"); got != "\x1b]9;feat · claude: Which migration?\a" {
		t.Fatalf("osc9 %q", got)
	}
	if got := Sequence(OSC777, "a;b", "done"); got != "\x1b]777;notify;a,b;done\a" {
		t.Fatalf("osc777 %q", got)
	}
	if Sequence(Off, "x", "y") != "" || Sequence("loud", "x", "y") != "" {
		t.Fatal("off and unknown styles send nothing")
	}
}

// Outside text cannot end the sequence early or smuggle one of its own.
func TestSequenceTextIsInert(t *testing.T) {
	hostile := "q\x1b]52;c;ZXZpbA==\a\x07\x1b\\\u202eend\r\n" + strings.Repeat("x", 500)
	for _, style := range []string{OSC9, OSC777} {
		got := Sequence(style, hostile, hostile)
		inner := got[2 : len(got)-1]
		if strings.ContainsAny(inner, "\x1b\a\r\n\u202e") {
			t.Fatalf("%s: control bytes inside: %q", style, got)
		}
		if len([]rune(got)) > 2*maxText+30 {
			t.Fatalf("%s: not capped: %d runes", style, len([]rune(got)))
		}
	}
	if got := ForTmux("\x1b]9;x\a"); got != "\x1bPtmux;\x1b\x1b]9;x\a\x1b\\" {
		t.Fatalf("tmux passthrough %q", got)
	}
}
