package e2e

import (
	"testing"

	"amux.dev/amux/e2e/harness"
)

// The real Gemini CLI with no authentication configured asks how to sign
// in: amux shows the tab blocked on sign-in with that question.
func TestRealGeminiAsksHowToSignIn(t *testing.T) {
	s := startGeminiStory(t, harness.GeminiOptions{NoAuth: true})
	rec := s.waitState(t, "blocked")
	if rec.Kind != "auth" || rec.Message != "How would you like to authenticate for this project?" {
		t.Fatalf("blocked for the wrong reason: %+v", rec)
	}
	s.waitText(t, "◆ blocked (auth): How would you like to authenticate for this project?")
	s.waitBadge(t, "◆")
}
