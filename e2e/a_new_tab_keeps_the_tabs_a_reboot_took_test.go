package e2e

import (
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
)

// Opening a new tab before resuming the tabs a reboot took rewrites the
// workspace's tab list; the lost tabs stay in it, so even after another
// restart resume still brings them back.
func TestANewTabKeepsTheTabsARebootTook(t *testing.T) {
	s, again, session := harness.RebootWithOneAgent(t)

	again.Press(t, app.ActNewTerminal)
	again.WaitText("started shell")
	again.LeaveTerminal(t)
	again.Press(t, app.ActQuit)
	again.WaitExit()

	// The record the new tab rewrote still knows the lost one.
	third := harness.StartAmux(t, s.Env, 120, 40)
	third.WaitText("feat")
	third.Press(t, app.ActBottom)
	third.WaitText("1 tab lost its session")
	third.Press(t, app.ActResumeTab)
	third.WaitText("resumed 1 tab")
	if got := s.Env.AgentSession(t); got != session {
		t.Fatalf("the lost tab came back as %q, want its own session %q", got, session)
	}
}
