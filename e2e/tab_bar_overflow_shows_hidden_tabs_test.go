package e2e

import (
	"fmt"
	"strings"
	"testing"

	"amux.dev/amux/e2e/harness"
)

// At 80×24 six tabs do not fit: the bar keeps the shown tab, counts the
// hidden ones and shows the most urgent badge among them — here the
// blocked one — instead of clipping them silently.
func TestTabBarOverflowShowsHiddenTabs(t *testing.T) {
	env := harness.NewEnv(t)
	// sh keeps no history file, so nothing writes into HOME as the test ends.
	writeConfig(t, env, map[string]any{"shell": map[string]any{"command": "exec sh"}})
	repo := env.NewRepo(t, "shop")
	term := harness.StartAmux(t, env, 80, 24)
	term.WaitText("Projects")
	addProject(t, term, repo)
	createWorkspace(t, term, "feat", "")
	for i := 1; i <= 6; i++ {
		term.Press(t, "new-terminal-tab")
		term.WaitText(fmt.Sprintf("%d shell", i))
		if i == 6 {
			// The sixth tab's program asks for the person.
			term.Type(`"$AMUX_BIN_PATH" report --state blocked --message "which db?"`)
			term.Keys("Enter")
			// The typed line echoes the message too: wait for the state.
			term.WaitText("◆ feat")
		}
		leaveTerminal(t, term)
	}
	term.Press(t, "tab-1")
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
