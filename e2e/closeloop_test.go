package e2e

import (
	"bytes"
	"testing"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
)

// An orchestrator types into a raw-mode agent with send-keys -l, then submits
// with a separate send-keys -H 0D: the agent must receive exactly those bytes,
// the literal carriage return and control bytes included.
func TestCloseTheLoopSendKeysArriveByteExact(t *testing.T) {
	srv := harness.NewServer(t)
	name := tmux.SessionName("amux", "0123456789abcdef", "tab-test-1")
	agent := harness.StartFakeAgent(t, srv, name, map[string]string{tmux.TagManaged: "1"})

	harness.SendKeysLiteral(t, srv, name, "fix the parser; then run tests", []byte{0x0d})
	harness.SendKeysLiteral(t, srv, name, "", []byte{0x11}) // Ctrl+Q
	harness.SendKeysLiteral(t, srv, name, "", []byte{0x1d}) // Ctrl+]
	harness.SendKeysLiteral(t, srv, name, "-dash 日本;", []byte{0x0d})

	want := []byte("fix the parser; then run tests\r\x11\x1d-dash 日本;\r")
	agent.WaitReceived(t, want)
	if got := agent.Received(); !bytes.Equal(got, want) {
		t.Fatalf("agent received %q, want exactly %q", got, want)
	}
}
