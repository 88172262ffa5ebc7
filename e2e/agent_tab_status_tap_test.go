package e2e

import (
	"encoding/base64"
	"strings"
	"testing"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
)

// An agent tab amux opens carries the status tap: what the program reports
// with OSC 7501 lands in the pane's @amux_reported_* options.
func TestAgentTabHasTheStatusTap(t *testing.T) {
	s := harness.NewAgentSetup(t)
	s.OpenFakeAgent(t, "")
	session := s.Env.AgentSession(t)

	msg := base64.StdEncoding.EncodeToString([]byte("Which migration?"))
	s.Agent.Report("state=blocked:kind=question:app=fake:msg=" + msg)
	harness.Eventually(t, func() (bool, string) {
		out := s.Env.Server.MustRun(t, "display-message", "-p", "-t", tmux.ExactPane(session),
			"#{@amux_reported_state}|#{@amux_reported_kind}|#{@amux_reported_message}")
		out = strings.TrimSpace(out)
		return out == "blocked|question|Which migration?", "pane options: " + out
	})
}
