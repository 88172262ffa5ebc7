package e2e

import (
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
)

// An agent that exits shows and is published as idle with its exit status
// at once, and a later amux start shows and publishes it again, over tags
// left stale meanwhile.
func TestAgentThatExitsPublishesItsFinalStateAlsoAfterARestart(t *testing.T) {
	s := harness.NewAgentSetup(t)
	s.OpenFakeAgent(t, "")
	session := s.Env.AgentSession(t)
	s.Agent.Exit(3)
	s.Term.WaitText("exited (status 3)")
	published := func() (string, string) {
		return harness.ShowOption(s.Env.Server, "-t", session, tmux.TagAgentState), harness.ShowOption(s.Env.Server, "-t", session, tmux.TagExitStatus)
	}
	harness.Eventually(t, func() (bool, string) {
		state, exit := published()
		return state == "idle" && exit == "3", "published " + state + " exit " + exit
	})

	s.Term.Press(t, app.ActFocusList) // the pane is dead: keys go to amux, not to it
	s.Term.Press(t, app.ActQuit)
	s.Term.WaitExit()
	// Something else (an older amux) leaves the tags wrong while no amux runs.
	s.Env.Server.MustRun(t, tmux.Chain(tmux.SetSessionOptionArgs(session, tmux.TagAgentState, "working"),
		tmux.UnsetSessionOptionArgs(session, tmux.TagExitStatus))...)
	again := harness.StartAmux(t, s.Env, 120, 40)
	again.WaitText("feat")
	harness.Eventually(t, func() (bool, string) {
		state, exit := published()
		return state == "idle" && exit == "3", "after restart: published " + state + " exit " + exit
	})
	again.Press(t, app.ActBottom)
	again.Press(t, app.ActOpen)
	again.WaitText("exited (status 3)") // and the tab shows it again

}
