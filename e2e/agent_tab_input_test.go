package e2e

import (
	"bytes"
	"testing"

	"amux.dev/amux/e2e/harness"
)

// A person types into an agent tab as into their own terminal: text, Ctrl
// keys and Enter reach the raw-mode agent byte for byte (Enter as a literal
// CR), through amux's own PTY — not send-keys.
func TestAgentTabKeysArriveByteExact(t *testing.T) {
	s := harness.NewAgentSetup(t)
	s.OpenFakeAgent(t, "")

	s.Term.Type("hello agent")
	s.Term.KeyToProgram(t, "Enter", "C-q", "C-a", "C-e", "Tab", "BSpace", "Escape")
	s.Agent.WaitReceived(t, []byte("\x7f\x1b"))
	// After a pause: an ESC followed at once by "ESC x" is ambiguous on any
	// terminal, as it is when typed.
	s.Term.KeyToProgram(t, "M-x", "C-Left", "Up")
	want := []byte("hello agent\r\x11\x01\x05\t\x7f\x1b\x1bx\x1b[1;5D\x1b[A")
	s.Agent.WaitReceived(t, want)
	if got := s.Agent.Received(); !bytes.Equal(got, want) {
		t.Fatalf("agent received %q, want exactly %q", got, want)
	}
}

// A hostile paste cannot smuggle escape sequences or keystrokes into the
// agent: CRLF becomes LF, tabs and newlines stay, every other control byte is
// dropped, and the agent gets one bracketed paste. (An embedded ESC[201~
// already ends the paste at the outer terminal, before amux; amux's own
// filter for it is covered by termview's SanitizePaste tests.)
func TestAgentTabHostilePasteArrivesSanitized(t *testing.T) {
	s := harness.NewAgentSetup(t)
	s.OpenFakeAgent(t, "")

	s.Term.Paste(t, "line one\r\nrm -rf /\x1b[3~\x1b]52;c;ZXZpbA==\x07\x03evil\ttab\x07\n")
	s.Agent.WaitReceived(t, []byte("evil\ttab\n\x1b[201~"))
	got := s.Agent.Received()
	inner, ok := bytes.CutPrefix(got, []byte("\x1b[200~"))
	inner, ok2 := bytes.CutSuffix(inner, []byte("\x1b[201~"))
	if !ok || !ok2 || !bytes.HasPrefix(inner, []byte("line one\nrm -rf /")) {
		t.Fatalf("agent received %q, want one bracketed paste", got)
	}
	for _, c := range inner {
		if (c < 0x20 && c != '\n' && c != '\t') || c == 0x7f {
			t.Fatalf("control byte %#x reached the agent: %q", c, got)
		}
	}
}
