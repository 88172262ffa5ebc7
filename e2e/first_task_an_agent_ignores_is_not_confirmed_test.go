package e2e

import "testing"

// An agent amux has no screen rules for, which never reacts to its first
// task (raw mode, it only echoes what it reads), is not called delivered:
// its echo is output, not the agent taking the task.
func TestFirstTaskAnAgentIgnoresIsNotConfirmed(t *testing.T) {
	s := newAgentSetup(t)
	s.openFakeAgent(t, "write the tests first")
	s.agent.WaitReceived(t, []byte("\x1b[200~write the tests first\x1b[201~\r"))
	s.term.WaitText("first task not confirmed")
	s.term.WaitGone("first task delivered")
}
