package e2e

import (
	"testing"
	"time"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/e2e/harness/modelserver"
)

// The model server takes the real Codex's request and never answers:
// Codex shows "Working (Ns • esc to interrupt)" and amux keeps the tab
// working for as long as that lasts, well past the quiet that would end a
// turn; Esc interrupts it and the tab is no longer working.
func TestRealCodexWaitsOnAModelThatDoesNotAnswer(t *testing.T) {
	s := startCodexStory(t, harness.CodexConfig{}, true)
	s.model.Script(modelserver.Turn{Hang: true})
	s.prompt(t, "Wait for the model")
	s.model.WaitGenerations(1, harness.DefaultWait)
	s.waitState(t, harness.DefaultWait, "working")
	since := time.Now()
	// The stories' quiet window is 1.5 s: twice that and more, still working.
	s.waitScreen(t, harness.DefaultWait, "Working (4s")
	if got := s.state(t); got != "working" || time.Since(since) < 3*time.Second {
		t.Fatalf("a hanging request reads %s after %s", got, time.Since(since))
	}

	s.term.KeyToProgram(t, "Escape")
	s.waitScreen(t, harness.DefaultWait, "Conversation interrupted")
	harness.Eventually(t, func() (bool, string) {
		got := s.state(t)
		return got != "working", "still " + got + " after the interrupt"
	})
}
