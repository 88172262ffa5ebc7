package e2e

import (
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/status"
	"amux.dev/amux/tmux"
)

// Quitting amux leaves every agent tapped: the server's one shared tap is
// no child of amux, and the agent's reports after the quit still reach the
// pane's options (where `amux wait` and the next amux read them).
func TestStatusTapOutlivesAmux(t *testing.T) {
	s := harness.NewAgentSetup(t)
	s.OpenFakeAgent(t, "")
	session := s.Env.AgentSession(t)
	pane := tmux.ExactPane(session)
	announced := func() string {
		return strings.TrimSpace(s.Env.Server.MustRun(t, "display-message", "-p", "-t", pane, "#{"+tmux.PaneTap+"}"))
	}
	harness.Eventually(t, func() (bool, string) {
		_, _, ok := status.ParseTapIdentity(announced())
		return ok, "no tap announced: " + announced()
	})
	tap := announced()

	s.Term.LeaveTerminal(t)
	s.Term.Press(t, app.ActQuit)
	if code := s.Term.WaitExit(); code != 0 {
		t.Fatalf("amux exited %d", code)
	}
	s.Agent.Report("state=blocked:kind=question:app=fake:msg=" + harness.B64("after the quit"))
	harness.Eventually(t, func() (bool, string) {
		got := strings.TrimSpace(s.Env.Server.MustRun(t, "display-message", "-p", "-t", pane,
			"#{@amux_reported_state}|#{@amux_reported_message}"))
		return got == "blocked|after the quit", "pane options after amux quit: " + got
	})
	if got := announced(); got != tap {
		t.Fatalf("the tap changed from %q to %q across the quit", tap, got)
	}
}
