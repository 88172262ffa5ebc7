package e2e

import (
	"testing"

	"amux.dev/amux/e2e/harness"
)

// An agent that never empties its composer never gets its first task
// called delivered: amux says "not confirmed", in the notice and the tab
// bar, instead of a silent success.
func TestFirstTaskNotTakenSaysNotConfirmed(t *testing.T) {
	s := harness.NewComposerSetup(t, "keep")
	s.OpenFakeAgent(t, "write the tests first")
	s.Agent.WaitReceived(t, []byte("write the tests first\x1b[201~\r"))
	s.Term.WaitText("first task not confirmed")
	s.Term.WaitGone("first task delivered")
}
