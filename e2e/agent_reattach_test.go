package e2e

import (
	"context"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
)

// Quitting amux kills nothing: the agent keeps running, and the next amux
// finds the same session, shows the same tab and types into the same agent.
func TestQuitLeavesAgentAndRestartReattaches(t *testing.T) {
	s := harness.NewAgentSetup(t)
	s.OpenFakeAgent(t, "")
	session := s.Env.AgentSession(t)

	s.Term.LeaveTerminal(t)
	s.Term.Press(t, app.ActQuit)
	if code := s.Term.WaitExit(); code != 0 {
		t.Fatalf("amux exited %d", code)
	}
	if ok, err := tmux.HasSession(context.Background(), s.Env.Server, session); err != nil || !ok {
		t.Fatalf("quitting amux killed the agent (ok=%v err=%v)", ok, err)
	}

	again := harness.StartAmux(t, s.Env, 120, 40)
	again.WaitText("feat")
	again.Press(t, app.ActBottom)
	again.Press(t, app.ActOpen)
	again.WaitText("fakeagent ready")
	again.Press(t, app.ActEnterProgram) // opening shows the tab; Enter gives it the keys
	again.Type("still here")
	s.Agent.WaitReceived(t, []byte("still here"))
	if got := s.Env.AgentSession(t); got != session {
		t.Fatalf("reattached to %q, want the same session %q", got, session)
	}
}

// A second amux viewing the same agent attaches beside the first: neither
// detaches the other, and both deliver keys.
func TestTwoAmuxInstancesShareOneSession(t *testing.T) {
	s := harness.NewAgentSetup(t)
	s.OpenFakeAgent(t, "")
	session := s.Env.AgentSession(t)

	second := harness.StartAmux(t, s.Env, 120, 40)
	second.WaitText("feat")
	second.Press(t, app.ActBottom)
	second.Press(t, app.ActOpen)
	second.WaitText("fakeagent ready")
	second.Press(t, app.ActEnterProgram) // opening shows the tab; Enter gives it the keys

	// Terminal clients only: amux's monitor and waits attach control-mode clients too.
	clients := func() int {
		out := s.Env.Server.MustRun(t, "list-clients", "-t", tmux.ExactSession(session), "-F", "#{client_control_mode}")
		return strings.Count(out, "0")
	}
	harness.Eventually(t, func() (bool, string) { return clients() == 2, "clients attached: not 2" })
	second.Type("from two")
	s.Agent.WaitReceived(t, []byte("from two"))
	s.Term.Type("from one")
	s.Agent.WaitReceived(t, []byte("from twofrom one"))
	if n := clients(); n != 2 {
		t.Fatalf("%d clients attached after typing in both, want 2", n)
	}
}
