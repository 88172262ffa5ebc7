package e2e

import (
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
)

// When an agent exits, its tab stays with its last screen and says so; the
// person restarts it in place (same session) or closes it.
func TestExitedAgentStaysAndRestarts(t *testing.T) {
	s := harness.NewAgentSetup(t)
	s.OpenFakeAgent(t, "")
	session := s.Env.AgentSession(t)
	s.Agent.Print("last words before exiting\r\n")
	s.Agent.Exit(3)
	s.Term.WaitText("exited (status 3)")
	s.Term.WaitText("last words before exiting")

	s.Term.Press(t, app.ActRestartTab) // keys go to the tab commands: the pane is dead
	s.Term.WaitGone("exited (status 3)")
	screen := s.Term.WaitText("fakeagent ready")
	if strings.Contains(screen, "last words") {
		t.Fatalf("restart did not start a fresh program:\n%s", screen)
	}
	if got := s.Env.AgentSession(t); got != session {
		t.Fatalf("restart made a new session %q, want %q", got, session)
	}
}
