package e2e

import (
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
)

// At 80×24 a person hides the project list (the shell gets the width),
// brings it back by moving focus to it, widens it, zooms the tab to the
// whole screen and back; the tab's pane follows each layout, and the
// list's width is there again after a restart.
func TestPanesHideResizeZoomAndStay(t *testing.T) {
	env, term, _ := harness.StartShellAmux(t, 80, 24)
	term.CreateWorkspace(t, "feat", "")
	term.Press(t, app.ActNewTerminal)
	term.WaitText("1 shell")
	session := env.TerminalSession(t)
	size := func(want string) {
		t.Helper()
		env.WaitPane(t, term, session, "#{pane_width}x#{pane_height}", want)
	}
	size("48x20") // 80 columns: a 30-column list, borders; a tab bar and a notice row
	term.LeaveTerminal(t)

	term.Press(t, app.ActToggleList)
	size("78x20")
	// Hiding the list gives the tab area focus, never the shell the keys.
	term.WaitScreen(func(s string) bool {
		return !strings.Contains(s, "Projects") && strings.HasPrefix(harness.Footer(s), " tab area: shell ")
	}, "the list hidden and the tab area focused")
	term.Press(t, app.ActFocusList) // focus to the list shows it
	term.WaitText("Projects")
	size("48x20")

	term.Press(t, app.ActListWider)
	size("44x20")

	term.Press(t, app.ActZoom)
	size("80x21")
	term.WaitScreen(func(s string) bool {
		return !strings.Contains(s, "Projects") && strings.Contains(harness.Footer(s), "tab area: shell · zoomed")
	}, "the zoomed tab having the screen")
	term.Press(t, app.ActFocusList)
	term.WaitText("Projects")
	size("44x20")

	term.Press(t, app.ActQuit)
	term.WaitExit()
	term = harness.StartAmux(t, env, 80, 24)
	term.WaitText("1 shell")
	term.Press(t, app.ActFocusTabArea)
	size("44x20")
}
