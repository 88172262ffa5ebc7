package e2e

import (
	"encoding/base64"
	"strings"
	"testing"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
)

// A program that follows the protocol's feature detection asks whether the
// terminal takes reports and reports only once it has the answer. Inside
// amux the tap answers into the agent's input, so the report comes.
func TestReporterThatWaitsForTheCapabilityAnswerReports(t *testing.T) {
	s := harness.NewAgentSetup(t)
	s.OpenFakeAgent(t, "")
	session := s.Env.AgentSession(t)
	s.Agent.Print("\x1b]7501;?\x1b\\")
	s.Agent.WaitReceived(t, []byte("\x1b]7501;?\x1b\\")) // the answer, on the agent's input
	if got := strings.Count(string(s.Agent.Received()), "\x1b]7501;?"); got != 1 {
		t.Fatalf("%d answers to one query", got)
	}
	msg := base64.StdEncoding.EncodeToString([]byte("answered"))
	s.Agent.Report("state=working:app=waiter:msg=" + msg) // only now: it had its answer
	harness.Eventually(t, func() (bool, string) {
		out := strings.TrimSpace(s.Env.Server.MustRun(t, "display-message", "-p", "-t", tmux.ExactPane(session),
			"#{@amux_reported_state}|#{@amux_reported_app}|#{@amux_reported_message}"))
		return out == "working|waiter|answered", "pane options: " + out
	})
}
