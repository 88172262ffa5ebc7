package e2e

import (
	"testing"

	"amux.dev/amux/e2e/harness"
)

// The real Codex with no provider or login configured opens on how to sign
// in ("Choose how you want to use Codex." over "1. Sign in with ChatGPT"):
// amux shows the tab blocked on that question, with the blocked mark, not
// idle — nothing happens until the person answers. Each screen behind it
// is blocked on its own question, down to the API key form that offers the
// key in OPENAI_API_KEY.
func TestRealCodexAsksHowToSignIn(t *testing.T) {
	s := startCodexStory(t, harness.CodexConfig{NoProvider: true, OpenAIKey: true}, true)
	s.waitScreen(t, codexStart, "Sign in with ChatGPT")
	s.waitBlocked(t, harness.DefaultWait, "auth", "Choose how you want to use Codex.")
	s.waitBadge(t, "◆", func(b string) bool { return b == "◆" })

	s.term.Type("3") // 3. Sign in another way
	s.waitBlocked(t, harness.DefaultWait, "auth", "Sign in another way")
	s.term.KeyToProgram(t, "Enter") // 1. Use an OpenAI API key
	s.waitScreen(t, harness.DefaultWait, "Press enter to save")
	s.waitBlocked(t, harness.DefaultWait, "auth", "Detected OPENAI_API_KEY environment variable.")
}
