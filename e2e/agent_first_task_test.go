package e2e

import (
	"bytes"
	"fmt"
	"testing"

	"amux.dev/amux/e2e/harness"
)

// The first task given in the agent picker goes in once the agent signals
// readiness — as one paste, then a separate CR — and amux confirms the
// agent took it: its composer emptied.
func TestFirstTaskIsPastedAndConfirmed(t *testing.T) {
	s := harness.NewComposerSetup(t, "take")
	s.OpenFakeAgent(t, "write the tests first")
	want := []byte("\x1b[200~write the tests first\x1b[201~\r")
	harness.Eventually(t, func() (bool, string) {
		got := s.Agent.Received()
		// The screen says why when it never comes (not ready, not sent).
		return bytes.Contains(got, want), fmt.Sprintf("agent received %q, want %q; screen:\n%s", got, want, s.Term.Screen())
	})
	if got := s.Agent.Received(); !bytes.Equal(got, want) {
		t.Fatalf("agent received %q, want %q", got, want)
	}
	s.Term.WaitText("first task delivered (composer emptied)")
}
