package e2e

import (
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
)

// A person moves the port space in Settings: the next workspace reserves
// its range from the new space at once (no restart), and a workspace that
// reserved before keeps its range.
func TestSettingsPortsApplyToNewWorkspaces(t *testing.T) {
	_, term, _ := harness.StartShellAmux(t, 120, 40)
	ports := func(want string) {
		t.Helper()
		term.Press(t, app.ActStatus)
		term.WaitText(want)
		term.Press(t, app.ActCloseStatus)
		term.WaitGone(want)
	}
	term.CreateWorkspace(t, "before", "")
	term.Press(t, app.ActNewTerminal) // the first session reserves the range
	term.WaitText("1 shell")
	term.LeaveTerminal(t)
	ports("6200-6209")

	term.Press(t, app.ActSettings)
	term.WaitText("First port")
	for range 12 { // theme … prompt marks → first port
		term.Press(t, keys.FormNext)
	}
	term.EditField(t, "BSpace", "BSpace", "BSpace", "BSpace")
	term.Type("7000")
	term.Press(t, keys.FormNext) // last port: the space must stay a range
	term.EditField(t, "BSpace", "BSpace", "BSpace", "BSpace")
	term.Type("7999")
	term.Press(t, keys.FormSubmit)
	term.WaitText("settings saved")

	term.CreateWorkspace(t, "after", "")
	term.Press(t, app.ActNewTerminal)
	term.WaitText("1 shell")
	term.LeaveTerminal(t)
	ports("7000-7009")
	term.Press(t, app.ActDown) // the list sorts by name: after, before
	term.WaitText("─ before ─")
	ports("6200-6209")
}
