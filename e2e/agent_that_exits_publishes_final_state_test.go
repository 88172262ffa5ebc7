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
	s := newAgentSetup(t)
	s.openFakeAgent(t, "")
	session := agentSession(t, s.env)
	s.agent.Exit(3)
	s.term.WaitText("exited (status 3)")
	published := func() (string, string) {
		return showOption(s.env.Server, "-t", session, tmux.TagAgentState), showOption(s.env.Server, "-t", session, tmux.TagExitStatus)
	}
	harness.Eventually(t, func() (bool, string) {
		state, exit := published()
		return state == "idle" && exit == "3", "published " + state + " exit " + exit
	})

	s.term.Press(t, app.ActFocusList) // the pane is dead: keys go to amux, not to it
	s.term.Press(t, app.ActQuit)
	s.term.WaitExit()
	// Something else (an older amux) leaves the tags wrong while no amux runs.
	s.env.Server.MustRun(t, tmux.Chain(tmux.SetSessionOptionArgs(session, tmux.TagAgentState, "working"),
		tmux.UnsetSessionOptionArgs(session, tmux.TagExitStatus))...)
	again := harness.StartAmux(t, s.env, 120, 40)
	again.WaitText("feat")
	harness.Eventually(t, func() (bool, string) {
		state, exit := published()
		return state == "idle" && exit == "3", "after restart: published " + state + " exit " + exit
	})
	again.Press(t, app.ActBottom)
	again.Press(t, app.ActOpen)
	again.WaitText("exited (status 3)") // and the tab shows it again

}
