package e2e

import (
	"strings"
	"testing"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/e2e/harness/modelserver"
)

// A person opens the real Codex with a first task: amux waits until
// Codex's composer is up, types the task and submits it, and the model
// gets it — the composer rule reads Codex's real screen right.
func TestRealCodexTakesItsFirstTask(t *testing.T) {
	s := prepareCodexStory(t, harness.CodexConfig{}, true)
	s.model.Script(modelserver.Turn{Text: "On it."})
	s.open(t, "Summarize the README")
	gens := s.model.WaitGenerations(1, codexStart)
	if !strings.Contains(string(gens[0].Body), "Summarize the README") {
		t.Fatalf("the first request lacks the task:\n%.2000s", gens[0].Body)
	}
	s.waitScreen(t, harness.DefaultWait, "On it.")
	s.waitState(t, harness.DefaultWait, "done")
	if strings.Contains(s.term.Screen(), "first task not") {
		t.Fatalf("amux says the first task was not confirmed:\n%s", s.term.Screen())
	}
}
