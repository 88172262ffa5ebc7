package e2e

import (
	"bytes"
	"fmt"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/agentpicker"
	"amux.dev/amux/ui/keys"
)

// A person pastes a first task of several lines into the agent picker: the
// agent gets it as one bracketed paste with its lines, then one Enter.
func TestAMultiLineFirstTaskKeepsItsLines(t *testing.T) {
	s := harness.NewComposerSetup(t, "take")
	s.Term.Press(t, app.ActNewAgent)
	s.Term.WaitText("New agent tab")
	s.Term.Type("fake")
	s.Term.Press(t, agentpicker.FirstTask)
	s.Term.WaitText("First task")
	s.Term.Paste(t, "fix the flaky test\nthen run go vet")
	s.Term.WaitText("2 lines")
	s.Term.Press(t, keys.ListChoose)
	want := []byte("\x1b[200~fix the flaky test\nthen run go vet\x1b[201~\r")
	harness.Eventually(t, func() (bool, string) {
		got := s.Agent.Received()
		return bytes.Equal(got, want), fmt.Sprintf("agent received %q, want %q; screen:\n%s", got, want, s.Term.Screen())
	})
}
