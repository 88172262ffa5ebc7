package e2e

import (
	"bytes"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
)

// Inside a tab of the tab area Ctrl+] shows the next tab (the program
// never gets 0x1D; the sidebar's terminal does, see
// TestSidebarTerminalGetsControlKeys), and keys then go to the tab shown.
func TestCtrlBracketInATabShowsTheNextTab(t *testing.T) {
	env := harness.NewEnv(t)
	first, second := harness.PrepareFakeAgent(t), harness.PrepareFakeAgent(t)
	env.WriteConfig(t, map[string]any{
		"first-agent":  map[string]any{"command": first.ShellCommand()},
		"second-agent": map[string]any{"command": second.ShellCommand()},
	})
	repo := env.NewRepo(t, "shop")
	term := harness.StartWorkbench(t, env)
	term.AddProject(t, repo)
	term.CreateWorkspace(t, "feat", "")
	open := func(name string, agent *harness.FakeAgent) {
		term.Press(t, app.ActNewAgent)
		term.WaitText("New agent tab")
		term.Type(name)
		term.Press(t, keys.ListChoose)
		agent.WaitReady(t)
		term.WaitText(" " + name + " ")
	}
	open("first-agent", first)
	term.LeaveTerminal(t)
	open("second-agent", second)
	term.WaitScreen(func(s string) bool { return strings.HasPrefix(harness.Footer(s), " tab: second-agent ") },
		"the second tab focused")

	term.Press(t, app.ActTermNextTab)
	term.WaitScreen(func(s string) bool { return strings.HasPrefix(harness.Footer(s), " tab: first-agent ") },
		"Ctrl+] showing the first tab")
	term.KeyToProgram(t, "x")
	first.WaitReceived(t, []byte{'x'})
	if got := first.Received(); !bytes.Equal(got, []byte{'x'}) {
		t.Fatalf("the first tab received %q, want only x", got)
	}
	if got := second.Received(); bytes.IndexByte(got, 0x1d) >= 0 {
		t.Fatalf("Ctrl+] reached the program: %q", got)
	}
}
