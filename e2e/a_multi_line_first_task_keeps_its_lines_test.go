package e2e

import (
	"bytes"
	"fmt"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
)

// A person pastes a first task of several lines into the agent picker: the
// agent gets it as one bracketed paste with its lines, then one Enter.
func TestAMultiLineFirstTaskKeepsItsLines(t *testing.T) {
	s := newComposerSetup(t, "take")
	s.term.Press(t, app.ActNewAgent)
	s.term.WaitText("New agent tab")
	s.term.Type("fake")
	s.term.Keys("C-t")
	s.term.WaitText("First task")
	s.term.Paste(t, "fix the flaky test\nthen run go vet")
	s.term.WaitText("2 lines")
	s.term.Keys("Enter")
	want := []byte("\x1b[200~fix the flaky test\nthen run go vet\x1b[201~\r")
	harness.Eventually(t, func() (bool, string) {
		got := s.agent.Received()
		return bytes.Equal(got, want), fmt.Sprintf("agent received %q, want %q; screen:\n%s", got, want, s.term.Screen())
	})
}
