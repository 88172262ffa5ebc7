package e2e

import (
	"testing"
	"time"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

// The person quits the real Gemini CLI (/quit): the tab shows it exited
// with its status, published as idle with @amux_exit_status beside it.
func TestRealGeminiQuitsAndShowsItsExit(t *testing.T) {
	s := startGeminiStory(t, harness.GeminiOptions{})
	exited := func() bool {
		return s.agentState(t) == "idle" && harness.ShowOption(s.env.Server, "-t", s.session, tmux.TagExitStatus) == "0"
	}
	s.ask(t, "/quit")
	// On a loaded machine Gemini has been seen back at an empty composer
	// without quitting (the Enter taken by its command completion): ask
	// again while it still waits there.
	for range 3 {
		if pollWithin(30*time.Second, exited) {
			break
		}
		if c, ok := s.composer(t); ok && c.Empty {
			s.ask(t, "/quit")
		}
	}
	tmuxtest.WaitFor(t, harness.RealWait, func() (bool, string) {
		state, exit := s.agentState(t), harness.ShowOption(s.env.Server, "-t", s.session, tmux.TagExitStatus)
		return state == "idle" && exit == "0", "published " + state + " exit " + exit
	})
	// It is idle because it stopped: the history says so, with the status.
	if rec := s.waitState(t, "stopped"); rec.Source != "exit" || rec.Exit == nil || *rec.Exit != 0 {
		t.Fatalf("the final state was not decided by the exit: %+v", rec)
	}
	s.waitText(t, "■ exited (status 0)")
	s.waitBadge(t, "■")
}
