package e2e

import (
	"testing"

	"amux.dev/amux/e2e/harness"
)

// An agent amux has no screen rules for, which never reacts to its first
// task (raw mode, it only echoes what it reads), is not called delivered:
// its echo is output, not the agent taking the task.
func TestFirstTaskAnAgentIgnoresIsNotConfirmed(t *testing.T) {
	s := harness.NewAgentSetup(t)
	s.OpenFakeAgent(t, "write the tests first")
	s.Agent.WaitReceived(t, []byte("\x1b[200~write the tests first\x1b[201~\r"))
	s.Term.WaitText("first task not confirmed")
	s.Term.WaitGone("first task delivered")
}
