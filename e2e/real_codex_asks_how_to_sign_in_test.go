package e2e

import (
	"testing"

	"amux.dev/amux/e2e/harness"
)

// The real Codex with no provider or login configured opens on how to sign
// in ("Choose how you want to use Codex." over "1. Sign in with ChatGPT"):
// amux shows the tab blocked on that question, with the blocked mark, not
// idle — nothing happens until the person answers.
func TestRealCodexAsksHowToSignIn(t *testing.T) {
	s := startCodexStory(t, harness.CodexConfig{NoProvider: true}, true)
	s.waitScreen(t, codexStart, "Sign in with ChatGPT")
	s.waitBlocked(t, harness.DefaultWait, "auth", "Choose how you want to use Codex.")
	s.waitBadge(t, "◆", func(b string) bool { return b == "◆" })
}
