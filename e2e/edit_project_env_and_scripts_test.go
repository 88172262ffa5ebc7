package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
)

// A person sets a project's environment and scripts in amux instead of
// editing JSON: a pasted value keeps its first line only, the files hold
// what was saved, and a new shell in the project sees the variable.
func TestEditProjectEnvAndScripts(t *testing.T) {
	env, term, _ := harness.StartShellAmux(t, 80, 24)

	term.Press(t, app.ActPalette)
	term.WaitText("Commands")
	term.Type("edit the selected project's environment")
	term.Press(t, keys.ListChoose)
	term.WaitText("Environment of shop")
	term.Type("DB_URL")
	term.Press(t, keys.FormNext)
	term.Paste(t, "postgres://db/shop\nDROP TABLE users;")
	term.Press(t, keys.FormSubmit)
	term.WaitText("saved the environment of shop")
	b, _ := os.ReadFile(filepath.Join(env.StateHome, "project-env.json"))
	if !strings.Contains(string(b), `"DB_URL": "postgres://db/shop"`) || strings.Contains(string(b), "DROP") {
		t.Fatalf("project-env.json = %s", b)
	}

	term.Press(t, app.ActPalette)
	term.WaitText("Commands")
	term.Type("edit the selected project's scripts")
	term.Press(t, keys.ListChoose)
	term.WaitText("Scripts of shop")
	term.Type("echo setting up $DB_URL")
	term.Press(t, keys.FormSubmit)
	term.WaitText("saved the scripts of shop")
	b, _ = os.ReadFile(filepath.Join(env.StateHome, "project-scripts.json"))
	if !strings.Contains(string(b), "echo setting up $DB_URL") {
		t.Fatalf("project-scripts.json = %s", b)
	}

	term.Press(t, app.ActNewWorkspace)
	term.WaitText("New workspace in")
	term.Type("feat")
	term.Press(t, keys.FormSubmit)
	term.WaitText("created workspace feat")
	term.Press(t, app.ActNewTerminal)
	term.WaitText("1 shell")
	term.Type(`echo "db is $DB_URL"`)
	term.KeyToProgram(t, "Enter")
	term.WaitText("db is postgres://db/shop")
}
