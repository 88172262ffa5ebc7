package e2e

import (
	"strings"
	"testing"

	"amux.dev/amux/app"
)

// When an agent exits, its tab stays with its last screen and says so; the
// person restarts it in place (same session) or closes it.
func TestExitedAgentStaysAndRestarts(t *testing.T) {
	s := newAgentSetup(t)
	s.openFakeAgent(t, "")
	session := agentSession(t, s.env)
	s.agent.Print("last words before exiting\r\n")
	s.agent.Exit(3)
	s.term.WaitText("exited (status 3)")
	s.term.WaitText("last words before exiting")

	s.term.Press(t, app.ActRestartTab) // keys go to the tab commands: the pane is dead
	s.term.WaitGone("exited (status 3)")
	screen := s.term.WaitText("fakeagent ready")
	if strings.Contains(screen, "last words") {
		t.Fatalf("restart did not start a fresh program:\n%s", screen)
	}
	if got := agentSession(t, s.env); got != session {
		t.Fatalf("restart made a new session %q, want %q", got, session)
	}
}
