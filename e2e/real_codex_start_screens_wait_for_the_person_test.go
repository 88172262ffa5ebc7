package e2e

import (
	"testing"

	"amux.dev/amux/e2e/harness"
)

// The real Codex in a folder it has not been told to trust asks first
// ("Trust this folder?"), then offers its newer model ("Meet GPT-6 Sol"):
// amux shows each start screen as blocked with its question, and the
// composer that follows as idle.
func TestRealCodexStartScreensWaitForThePerson(t *testing.T) {
	s := startCodexStory(t, harness.CodexConfig{ModelNotice: true}, false)
	s.waitScreen(t, codexStart, "Trust and continue")
	s.waitBlocked(t, harness.DefaultWait, "permission", "Trust this folder?")
	s.waitBadge(t, "◆", func(b string) bool { return b == "◆" })

	s.term.KeyToProgram(t, "Enter") // 1. Trust and continue
	s.waitScreen(t, harness.DefaultWait, "Use existing model")
	s.waitBlocked(t, harness.DefaultWait, "question", "Meet GPT-6 Sol")

	s.term.KeyToProgram(t, "Down", "Enter") // 2. Use existing model
	s.waitScreen(t, harness.DefaultWait, "? for shortcuts")
	s.waitState(t, harness.DefaultWait, "idle")
	s.waitBadge(t, "none", func(b string) bool { return b == "" })
}
