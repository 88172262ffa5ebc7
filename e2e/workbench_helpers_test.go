package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
	"amux.dev/amux/ui/keys"
)

// startWorkbench runs amux at 120×40 in env and waits for the dashboard.
func startWorkbench(t testing.TB, env *harness.Env) *harness.Terminal {
	t.Helper()
	term := harness.StartAmux(t, env, 120, 40)
	term.WaitText("Projects")
	return term
}

// addProject adds repo through the path picker: typed absolute path + Enter.
func addProject(t testing.TB, term *harness.Terminal, repo string) {
	t.Helper()
	term.Press(t, app.ActAddProject)
	term.WaitText("Add project")
	term.Type(repo)
	term.Press(t, keys.ListChoose)
	term.WaitText("▾ " + filepath.Base(repo))
}

// createWorkspace fills the create dialog and waits until the dashboard
// lists the workspace.
func createWorkspace(t testing.TB, term *harness.Terminal, name, base string) {
	t.Helper()
	term.Press(t, app.ActNewWorkspace)
	term.WaitText("New workspace in")
	term.Type(name)
	if base != "" {
		term.Press(t, keys.FormNext)
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

// startShellAmux runs amux at w×h with sh as the shell (it keeps no
// history file, so nothing writes into HOME as the test ends) and the
// project shop (the returned repository) added.
func startShellAmux(t *testing.T, w, h int) (*harness.Env, *harness.Terminal, string) {
	t.Helper()
	env := harness.NewEnv(t)
	writeConfig(t, env, map[string]any{"shell": map[string]any{"command": "exec sh"}})
	repo := env.NewRepo(t, "shop")
	term := harness.StartAmux(t, env, w, h)
	term.WaitText("Projects")
	addProject(t, term, repo)
	return env, term, repo
}

// waitPane waits until format (e.g. "#{pane_width}") reads want for the
// pane of session.
func waitPane(t *testing.T, env *harness.Env, term *harness.Terminal, session, format, want string) {
	t.Helper()
	harness.Eventually(t, func() (bool, string) {
		out := strings.TrimSpace(env.Server.MustRun(t, "display-message", "-p", "-t", tmux.ExactPane(session), format))
		return out == want, format + " reads " + out + ", want " + want + "; screen:\n" + term.Screen()
	})
}

// shelveWorkspace shelves the selected workspace name through its typed
// confirm and waits for the list to say so.
func shelveWorkspace(t *testing.T, term *harness.Terminal, name string) {
	t.Helper()
	term.Press(t, app.ActShelve)
	term.WaitText("Type " + name + " to confirm")
	term.Type(name)
	term.Press(t, keys.FormSubmit)
	term.WaitText("shelved workspace " + name)
	term.Press(t, keys.FormCancel)
	// The row says shelved behind the dialog already: wait for the dialog
	// to go, or the next key arrives glued to the Escape (read as Alt+key).
	term.WaitGone("Shelving " + name)
	term.WaitText(name + " shelved")
}
