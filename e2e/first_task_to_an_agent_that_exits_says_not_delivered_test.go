package e2e

import "testing"

// An agent whose composer never came up exits before it could take its
// first task: amux says the task was not delivered, and why, instead of
// losing it without a word.
func TestFirstTaskToAnAgentThatExitsSaysNotDelivered(t *testing.T) {
	s := newComposerSetup(t, "") // the rules know a composer; this agent never draws one
	s.openFakeAgent(t, "write the tests first")
	s.agent.Exit(3)
	s.term.WaitText("first task not delivered: the agent exited (status 3)")
	if got := s.agent.Received(); len(got) != 0 {
		t.Fatalf("the agent was typed to although its composer never showed: %q", got)
	}
}
