package e2e

import (
	"testing"

	"amux.dev/amux/e2e/harness"
)

// An agent whose composer never came up exits before it could take its
// first task: amux says the task was not delivered, and why, instead of
// losing it without a word.
func TestFirstTaskToAnAgentThatExitsSaysNotDelivered(t *testing.T) {
	s := harness.NewComposerSetup(t, "") // the rules know a composer; this agent never draws one
	s.OpenFakeAgent(t, "write the tests first")
	s.Agent.Exit(3)
	s.Term.WaitText("first task not delivered: the agent exited (status 3)")
	if got := s.Agent.Received(); len(got) != 0 {
		t.Fatalf("the agent was typed to although its composer never showed: %q", got)
	}
}
