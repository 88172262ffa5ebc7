package e2e

import (
	"bytes"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
)

// Tab from the list lands on the tab area, not in the agent: a digit there
// picks a tab (a "2" meant as "tab 2" must never answer an agent's
// question), and only Enter gives the shown tab's program the keys.
func TestTabFromTheListPicksTabsWithDigitsAndEnterEntersTheProgram(t *testing.T) {
	s := harness.StartTwoAgents(t)
	term := s.Term

	term.Press(t, app.ActFocusTabArea)
	term.WaitFooter(t, " tab area: second-agent ")
	term.Press(t, app.ActTab(1))
	term.WaitFooter(t, " tab area: first-agent ")
	term.Press(t, app.ActTab(2))
	term.WaitFooter(t, " tab area: second-agent ")
	term.Press(t, app.ActTab(1))
	term.WaitFooter(t, " tab area: first-agent ")

	term.Press(t, app.ActEnterProgram)
	term.WaitFooter(t, " tab: first-agent ")
	term.Type("x")
	s.First.WaitReceived(t, []byte("x"))
	// The digits and the Enter went to amux: the programs got only the x.
	if got := s.First.Received(); !bytes.Equal(got, []byte("x")) {
		t.Fatalf("the first agent received %q, want only the x typed after Enter", got)
	}
	if got := s.Second.Received(); len(got) != 0 {
		t.Fatalf("the second agent received %q, want nothing", got)
	}
}
