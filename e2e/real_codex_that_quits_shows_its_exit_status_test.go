package e2e

import (
	"testing"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
)

// The person quits the real Codex (/quit): amux shows the tab exited with
// Codex's status, 0, and publishes idle with that exit status.
func TestRealCodexThatQuitsShowsItsExitStatus(t *testing.T) {
	s := startCodexStory(t, harness.CodexConfig{}, true)
	s.prompt(t, "/quit")
	s.waitScreen(t, harness.DefaultWait, "exited (status 0)")
	session := s.session(t)
	harness.Eventually(t, func() (bool, string) {
		state, exit := harness.ShowOption(s.env.Server, "-t", session, tmux.TagAgentState), harness.ShowOption(s.env.Server, "-t", session, tmux.TagExitStatus)
		return state == "idle" && exit == "0", "published " + state + " exit " + exit
	})
}
