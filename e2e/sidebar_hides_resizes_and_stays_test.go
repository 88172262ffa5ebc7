package e2e

import (
	"fmt"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
)

// At 160×45 the sidebar shows beside the tab: one key hides it (the shell
// gets its columns), the same key brings it back, a click focuses it and
// = widens it, a drag of
// its left edge sets its width, and that width is there after a restart.
func TestSidebarHidesResizesAndStays(t *testing.T) {
	env, term, _ := harness.StartShellAmux(t, 160, 45)
	term.CreateWorkspace(t, "feat", "")
	term.Press(t, app.ActNewTerminal)
	term.WaitText("1 shell")
	session := env.TerminalSession(t)
	width := func(want int) {
		t.Helper()
		env.WaitPane(t, term, session, "#{pane_width}", fmt.Sprint(want))
	}
	// 160 columns: a 40-column list, a 40-column sidebar, the tab's borders.
	width(78)
	term.WaitText("Changes")
	term.LeaveTerminal(t)

	term.Press(t, app.ActToggleSidebar)
	width(118)
	term.WaitGone("Changes")
	term.Press(t, app.ActToggleSidebar)
	width(78)

	// A click in the sidebar gives it the keys.
	term.Type("\x1b[<0;140;10M")
	term.Type("\x1b[<0;140;10m")
	term.WaitText(" sidebar: ")
	term.Press(t, app.ActSideWider)
	width(74)

	// Drag the sidebar's left edge (column 116, 0-based) to column 100:
	// SGR mouse reports are 1-based.
	term.Type("\x1b[<0;117;10M")
	term.Type("\x1b[<32;101;10M")
	term.Type("\x1b[<0;101;10m")
	width(58) // a 60-column sidebar

	term.Press(t, app.ActSideToList)
	// Wait for the list: a quit glued to the Esc before it reads as Alt+q.
	term.WaitFooter(t, " list ")
	term.Press(t, app.ActQuit)
	term.WaitExit()
	term = harness.StartAmux(t, env, 160, 45)
	term.WaitText("1 shell")
	width(58)
}
