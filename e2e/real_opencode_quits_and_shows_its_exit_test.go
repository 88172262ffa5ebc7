package e2e

import (
	"testing"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

// The person quits the real opencode (/exit): the tab shows it exited with
// its status, published as idle with @amux_exit_status beside it.
func TestRealOpencodeQuitsAndShowsItsExit(t *testing.T) {
	s := startOpencodeStory(t, harness.OpencodeOptions{})
	s.waitReady(t)
	s.term.Type("/exit")
	s.waitText(t, "/exit")
	s.term.KeyToProgram(t, "Enter")
	tmuxtest.WaitFor(t, harness.RealWait, func() (bool, string) {
		state, exit := s.agentState(t), harness.ShowOption(s.env.Server, "-t", s.session, tmux.TagExitStatus)
		return state == "idle" && exit == "0", "published " + state + " exit " + exit + "; screen:\n" + s.term.Screen()
	})
	if rec := s.waitState(t, "stopped"); rec.Source != "exit" {
		t.Fatalf("the final state was not decided by the exit: %+v", rec)
	}
	s.waitText(t, "■ exited (status 0)")
	s.waitBadge(t, "■")
}
