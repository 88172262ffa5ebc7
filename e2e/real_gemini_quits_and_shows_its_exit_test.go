package e2e

import (
	"testing"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

// The person quits the real Gemini CLI (/quit): the tab shows it exited
// with its status, published as idle with @amux_exit_status beside it.
func TestRealGeminiQuitsAndShowsItsExit(t *testing.T) {
	s := startGeminiStory(t, harness.GeminiOptions{})
	s.ask(t, "/quit")
	tmuxtest.WaitFor(t, harness.RealWait, func() (bool, string) {
		state, exit := s.agentState(t), showOption(s.env.Server, "-t", s.session, tmux.TagExitStatus)
		return state == "idle" && exit == "0", "published " + state + " exit " + exit
	})
	// It is idle because it stopped: the history says so, with the status.
	if rec := s.waitState(t, "stopped"); rec.Source != "exit" || rec.Exit == nil || *rec.Exit != 0 {
		t.Fatalf("the final state was not decided by the exit: %+v", rec)
	}
	s.waitText(t, "■ exited (status 0)")
	s.waitBadge(t, "■")
}
