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

// A person adds a repository by typing its absolute path and pressing Enter,
// even though the picker lists other rows; a plain directory is refused.
func TestAddProjectByTypedPath(t *testing.T) {
	env := harness.NewEnv(t)
	env.NewRepo(t, "listed") // offered as a row under ~/code
	repo := env.NewRepo(t, "wanted")
	plain := filepath.Join(env.Home, "not-a-repo")
	os.MkdirAll(plain, 0o755)

	term := harness.StartWorkbench(t, env)
	term.Press(t, app.ActAddProject)
	term.WaitText("~/code/listed")
	term.Type(plain)
	term.Press(t, keys.ListChoose)
	term.WaitText("not inside a git")

	term.EditField(t, "C-u") // clear the field
	term.Type(repo)
	term.Press(t, keys.ListChoose)
	term.WaitText("▾ wanted")

	b, err := os.ReadFile(filepath.Join(env.StateHome, "projects.json"))
	if err != nil || !strings.Contains(string(b), repo) {
		t.Fatalf("projects.json = %s (%v)", b, err)
	}
	if strings.Contains(string(b), "listed") {
		t.Fatal("the listed row was added instead of the typed path")
	}
}
