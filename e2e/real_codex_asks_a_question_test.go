package e2e

import (
	"testing"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/e2e/harness/modelserver"
)

// The model answers the real Codex with a question for the person. Codex
// 0.169 offers its question tool (request_user_input) only in Plan mode,
// so in a default session a question is plain text that ends the turn:
// amux shows the tab done, with the question on Codex's screen, not
// blocked.
func TestRealCodexAsksAQuestion(t *testing.T) {
	s := startCodexStory(t, harness.CodexConfig{}, true)
	s.model.Script(modelserver.Turn{Text: "Which file should I change first: main.go or util.go?"})
	s.prompt(t, "Tidy the code")
	s.waitScreen(t, codexStart, "main.go or util.go?")
	s.waitState(t, harness.DefaultWait, "done")
	if got := s.state(t); got == "blocked" {
		t.Fatalf("a plain-text question read as %s", got)
	}
}
