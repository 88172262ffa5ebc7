package e2e

import (
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
)

// Closing a tab leaves focus on the tab area: the next tab is shown, but
// its program does not get the keys until Enter. A key typed then goes to
// amux, which says how to give the program the keys.
func TestClosingATabLeavesFocusOnTheTabArea(t *testing.T) {
	s := harness.StartTwoAgents(t)
	term := s.Term

	term.Press(t, app.ActFocusTabArea)
	term.Press(t, app.ActTab(2))
	term.Press(t, app.ActEnterProgram)
	term.WaitFooter(t, " tab: second-agent ")
	term.LeaveTerminal(t)
	term.Press(t, app.ActFocusTabArea)
	term.WaitFooter(t, " tab area: second-agent ")
	term.Press(t, app.ActCloseTab)
	term.WaitText("Close second-agent?")
	term.Press(t, keys.ConfirmYes)
	term.WaitGone(" 2 second-agent ")
	term.WaitFooter(t, " tab area: first-agent ")

	term.Type("y")
	term.WaitText("y went to amux")
	if got := s.First.Received(); len(got) != 0 {
		t.Fatalf("after the close the next tab's agent received %q, want nothing", got)
	}
}
