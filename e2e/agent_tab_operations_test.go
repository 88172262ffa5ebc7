package e2e

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
	"amux.dev/amux/ui/keys"
)

// A person works with several tabs: switches between them, renames one,
// interrupts an agent (Ctrl-C as many times as configured) and closes a tab
// after confirming, which kills its session and updates the record.
func TestTabOperations(t *testing.T) {
	env := harness.NewEnv(t)
	first, second := harness.PrepareFakeAgent(t), harness.PrepareFakeAgent(t)
	env.WriteConfig(t, map[string]any{
		"first-agent":  map[string]any{"command": first.ShellCommand(), "interrupt_count": 3, "interrupt_delay_ms": 50},
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
		term.LeaveTerminal(t)
	}
	open("first-agent", first)
	open("second-agent", second)
	term.WaitText(" 2 second-agent ")

	// Go to tab 1 and rename it.
	term.Press(t, app.ActTab(1))
	term.Press(t, app.ActRenameTab)
	term.WaitText("Rename tab")
	term.Type("planner")
	term.Press(t, keys.FormSubmit)
	term.WaitText(" 1 planner ")

	// Interrupt: three Ctrl-C, spaced by the configured delay.
	term.Press(t, app.ActInterruptTab)
	first.WaitReceived(t, []byte{3, 3, 3})
	if got := first.Received(); !bytes.Equal(got, []byte{3, 3, 3}) {
		t.Fatalf("agent one received %q, want three Ctrl-C", got)
	}
	if got := second.Received(); len(got) != 0 {
		t.Fatalf("the interrupt reached the other tab: %q", got)
	}

	// Next tab, then close it after confirming.
	term.Press(t, app.ActNextTab)
	term.Press(t, app.ActCloseTab)
	term.WaitText("Close second-agent?")
	term.Press(t, keys.ConfirmYes)
	term.WaitGone(" 2 second-agent ")
	list, err := tmux.ListSessions(context.Background(), env.Server)
	if err != nil || len(list) != 1 {
		t.Fatalf("sessions after close: %+v (%v)", list, err)
	}
	id := env.WorkspaceID(t, "feat")
	harness.Eventually(t, func() (bool, string) {
		rec, _ := os.ReadFile(filepath.Join(env.StateHome, "workspaces", id, "workspace.json"))
		return strings.Count(string(rec), `"id": "tab-`) == 1 && strings.Contains(string(rec), "planner"), "record: " + string(rec)
	})
}
