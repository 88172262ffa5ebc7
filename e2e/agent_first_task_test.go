package e2e

import (
	"bytes"
	"testing"
)

// The first task given in the agent picker is typed once the agent signals
// readiness: the text, then — separately — a literal CR.
func TestFirstTaskIsTypedAfterReadiness(t *testing.T) {
	s := newAgentSetup(t)
	s.openFakeAgent(t, "write the tests first")
	want := []byte("write the tests first\r")
	s.agent.WaitReceived(t, want)
	if got := s.agent.Received(); !bytes.Equal(got, want) {
		t.Fatalf("agent received %q, want %q", got, want)
	}
}
