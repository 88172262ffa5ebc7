package e2e

import (
	"testing"
)

// A person moves the port space in Settings: the next workspace reserves
// its range from the new space at once (no restart), and a workspace that
// reserved before keeps its range.
func TestSettingsPortsApplyToNewWorkspaces(t *testing.T) {
	_, term, _ := startShellAmux(t, 120, 40)
	ports := func(want string) {
		t.Helper()
		term.Press(t, "workspace-status")
		term.WaitText(want)
		term.Press(t, "close-status")
		term.WaitGone(want)
	}
	createWorkspace(t, term, "before", "")
	term.Press(t, "new-terminal-tab") // the first session reserves the range
	term.WaitText("1 shell")
	leaveTerminal(t, term)
	ports("6200-6209")

	term.Press(t, "settings")
	term.WaitText("First port")
	for range 12 { // theme … prompt marks → first port
		term.Press(t, "form-next-field")
	}
	term.Keys("BSpace", "BSpace", "BSpace", "BSpace")
	term.Type("7000")
	term.Press(t, "form-next-field") // last port: the space must stay a range
	term.Keys("BSpace", "BSpace", "BSpace", "BSpace")
	term.Type("7999")
	term.Press(t, "form-submit")
	term.WaitText("settings saved")

	createWorkspace(t, term, "after", "")
	term.Press(t, "new-terminal-tab")
	term.WaitText("1 shell")
	leaveTerminal(t, term)
	ports("7000-7009")
	term.Press(t, "cursor-down") // the list sorts by name: after, before
	term.WaitText("─ before ─")
	ports("6200-6209")
}
