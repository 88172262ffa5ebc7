package e2e

import (
	"fmt"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
)

// At 80×24 six tabs do not fit: the bar keeps the shown tab, counts the
// hidden ones and shows the most urgent badge among them — here the
// blocked one — instead of clipping them silently.
func TestTabBarOverflowShowsHiddenTabs(t *testing.T) {
	_, term, _ := harness.StartShellAmux(t, 80, 24)
	term.CreateWorkspace(t, "feat", "")
	for i := 1; i <= 6; i++ {
		term.Press(t, app.ActNewTerminal)
		term.WaitText(fmt.Sprintf("%d shell", i))
		if i == 6 {
			// The sixth tab's program asks for the person.
			term.Type(`"$AMUX_BIN_PATH" report --state blocked --message "which db?"`)
			term.KeyToProgram(t, "Enter")
			// The typed line echoes the message too: wait for the state.
			term.WaitText("◆ feat")
		}
		term.LeaveTerminal(t)
	}
	term.Press(t, app.ActTab(1))
	screen := term.WaitText("1 shell")
	bar := ""
	for _, line := range strings.Split(screen, "\n") {
		if strings.Contains(line, "1 shell") {
			bar = line
		}
	}
	if strings.Contains(bar, "6 shell") {
		t.Fatalf("the test needs tabs hidden at 80×24:\n%s", screen)
	}
	if !strings.Contains(bar, "◆›") || !strings.Contains(bar, "+") {
		t.Fatalf("no overflow count with the blocked badge:\n%s\n%s", bar, screen)
	}
}
