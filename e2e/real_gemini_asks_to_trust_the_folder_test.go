package e2e

import (
	"testing"

	"amux.dev/amux/e2e/harness"
)

// The real Gemini CLI, started in a folder it has not been told to trust,
// asks whether to trust it before anything else: amux shows the tab
// blocked on that question, not idle.
func TestRealGeminiAsksToTrustTheFolder(t *testing.T) {
	s := startGeminiStory(t, harness.GeminiOptions{Untrusted: true})
	rec := s.waitState(t, "blocked")
	if rec.Kind != "permission" || rec.Message != "Do you trust the files in this folder?" || rec.Source != "screen" {
		t.Fatalf("blocked for the wrong reason: %+v", rec)
	}
	s.waitText(t, "◆ blocked (permission): Do you trust the files in this folder?")
	s.waitBadge(t, "◆")
}
