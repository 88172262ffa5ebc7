package e2e

import (
	"os"
	"path/filepath"
	"testing"

	"amux.dev/amux/e2e/harness"
)

// startWorkbench runs amux at 120×40 in env and waits for the dashboard.
func startWorkbench(t *testing.T, env *harness.Env) *harness.Terminal {
	t.Helper()
	term := harness.StartAmux(t, env, 120, 40)
	term.WaitText("Projects")
	return term
}

// addProject adds repo through the path picker: typed absolute path + Enter.
func addProject(t *testing.T, term *harness.Terminal, repo string) {
	t.Helper()
	term.Press(t, "add-project")
	term.WaitText("Add project")
	term.Type(repo)
	term.Keys("Enter")
	term.WaitText("▾ " + filepath.Base(repo))
}

// createWorkspace fills the create dialog and waits until the dashboard
// lists the workspace.
func createWorkspace(t *testing.T, term *harness.Terminal, name, base string) {
	t.Helper()
	term.Press(t, "new-workspace")
	term.WaitText("New workspace in")
	term.Type(name)
	if base != "" {
		term.Keys("Tab")
		term.Type(base)
	}
	term.Keys("Enter")
	term.WaitText("created workspace " + name)
	term.WaitText("─ " + name + " ─") // selected: the center shows it
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
