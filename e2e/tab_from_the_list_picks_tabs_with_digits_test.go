package e2e

import (
	"bytes"
	"testing"

	"amux.dev/amux/app"
)

// Tab from the list lands on the tab area, not in the agent: a digit there
// picks a tab (a "2" meant as "tab 2" must never answer an agent's
// question), and only Enter gives the shown tab's program the keys.
func TestTabFromTheListPicksTabsWithDigitsAndEnterEntersTheProgram(t *testing.T) {
	s := startTwoAgents(t)
	term := s.term

	term.Press(t, app.ActFocusTabArea)
	waitFooter(t, term, " tab area: second-agent ")
	term.Press(t, app.ActTab(1))
	waitFooter(t, term, " tab area: first-agent ")
	term.Press(t, app.ActTab(2))
	waitFooter(t, term, " tab area: second-agent ")
	term.Press(t, app.ActTab(1))
	waitFooter(t, term, " tab area: first-agent ")

	term.Press(t, app.ActEnterProgram)
	waitFooter(t, term, " tab: first-agent ")
	term.Type("x")
	s.first.WaitReceived(t, []byte("x"))
	// The digits and the Enter went to amux: the programs got only the x.
	if got := s.first.Received(); !bytes.Equal(got, []byte("x")) {
		t.Fatalf("the first agent received %q, want only the x typed after Enter", got)
	}
	if got := s.second.Received(); len(got) != 0 {
		t.Fatalf("the second agent received %q, want nothing", got)
	}
}
