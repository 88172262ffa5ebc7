package e2e

import "testing"

// An agent that never empties its composer never gets its first task
// called delivered: amux says "not confirmed", in the notice and the tab
// bar, instead of a silent success.
func TestFirstTaskNotTakenSaysNotConfirmed(t *testing.T) {
	s := newComposerSetup(t, "keep")
	s.openFakeAgent(t, "write the tests first")
	s.agent.WaitReceived(t, []byte("write the tests first\x1b[201~\r"))
	s.term.WaitText("first task not confirmed")
	s.term.WaitGone("first task delivered")
}
