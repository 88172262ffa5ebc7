package e2e

import (
	"context"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
)

// After a reboot (here: the tmux server killed while amux was not
// running) the workspace says which tabs lost their session, and one key
// brings them back from the record: assistant, tab and directory.
func TestTabsARebootTookComeBackWithOneKey(t *testing.T) {
	s, again, session := rebootWithOneAgent(t)
	again.Press(t, app.ActResumeTab)
	again.WaitText("resumed 1 tab")
	again.Press(t, app.ActOpen)
	again.WaitText("fakeagent ready")
	if got := s.Env.AgentSession(t); got != session {
		t.Fatalf("the tab came back as %q, want its own session name %q", got, session)
	}
}

// rebootWithOneAgent opens a fake agent tab, quits amux, kills the tmux
// server (a reboot) and starts amux again on the workspace, which says its
// tab lost its session. It returns the new amux and the lost session.
func rebootWithOneAgent(t *testing.T) (*harness.AgentSetup, *harness.Terminal, string) {
	t.Helper()
	s := harness.NewAgentSetup(t)
	s.OpenFakeAgent(t, "")
	session := s.Env.AgentSession(t)
	s.Term.LeaveTerminal(t)
	s.Term.Press(t, app.ActQuit)
	s.Term.WaitExit()
	if _, err := s.Env.Server.Run(context.Background(), "kill-server"); err != nil {
		t.Fatal(err)
	}
	again := harness.StartAmux(t, s.Env, 120, 40)
	again.WaitText("feat")
	again.Press(t, app.ActBottom)
	again.WaitText("1 tab lost its session")
	return s, again, session
}
