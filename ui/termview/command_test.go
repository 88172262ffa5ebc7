package termview

import (
	"strings"
	"testing"
)

// A command that is not tmux's attach runs on a PTY as a terminal: its
// output reaches the emulator, a key reaches it, and it takes the PTY's
// size (a remote attach's ssh -t passes it on to the host).
func TestStartRunsAnyAttachCommand(t *testing.T) {
	term, err := Start([]string{"sh", "-c", `stty size; printf 'ready\n'; read line; printf 'got:%s\n' "$line"; sleep 5`},
		"amux-x-tab-1", Options{Width: 50, Height: 7})
	if err != nil {
		t.Fatal(err)
	}
	defer term.Close()
	nextFrame(t, term, frameHas(term, "ready"))
	if s := screenText(term); !strings.Contains(s, "7 50") {
		t.Fatalf("the command did not get the PTY's size:\n%s", s)
	}
	if _, err := term.Write([]byte("hello\r")); err != nil {
		t.Fatal(err)
	}
	nextFrame(t, term, frameHas(term, "got:hello"))
	if term.Session() != "amux-x-tab-1" {
		t.Fatalf("session %q", term.Session())
	}
	if _, err := Start(nil, "x", Options{}); err == nil {
		t.Fatal("an empty command started")
	}
}
