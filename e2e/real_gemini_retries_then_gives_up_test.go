package e2e

import (
	"strings"
	"testing"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/e2e/harness/modelserver"
)

// The model API is overloaded (503) for every attempt: the real Gemini CLI
// keeps working while it retries, then asks whether to keep trying
// (blocked, a question), and once told to stop shows the API error, which
// amux shows as the tab's error.
func TestRealGeminiRetriesThenGivesUp(t *testing.T) {
	s := startGeminiStory(t, harness.GeminiOptions{})
	s.server.Script(modelserver.Turn{Status: 503, Times: 2})
	s.ask(t, "check the tests")
	s.waitState(t, "working")
	// Gemini 0.61 shows no retry banner of its own with an API key: its
	// busy footer stays while it waits to retry, and that is the reason.
	harness.Eventually(t, func() (bool, string) {
		v := s.paneVerdict(t)
		return v.State == "working" && strings.Contains(v.Evidence, "esc to cancel"), "the rules read " + v.Rule + ": " + v.Evidence
	})
	s.server.WaitGenerations(2, harness.RealWait) // it did retry

	rec := s.waitState(t, "blocked")
	if rec.Kind != "question" || rec.Message != "We are currently experiencing high demand." {
		t.Fatalf("blocked for the wrong reason: %+v", rec)
	}
	s.waitText(t, "◆ blocked (question): We are currently experiencing high demand.")

	s.term.KeyToProgram(t, "Down") // "2. Stop"
	s.waitText(t, "● 2. Stop")
	s.term.KeyToProgram(t, "Enter")
	rec = s.waitState(t, "error")
	if rec.Source != "screen" || !strings.Contains(rec.Message, "API Error") {
		t.Fatalf("error for the wrong reason: %+v", rec)
	}
	s.waitText(t, "✗ error")
	s.waitBadge(t, "✗")
}
