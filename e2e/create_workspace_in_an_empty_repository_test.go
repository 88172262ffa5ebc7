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

// A person adds a freshly initialised repository (no commit yet) and asks
// for a workspace: amux says there is nothing to branch from, and talks of
// no rollback, since nothing was made.
func TestCreateWorkspaceInAnEmptyRepository(t *testing.T) {
	env := harness.NewEnv(t)
	repo := filepath.Join(env.Home, "code", "fresh")
	if err := os.MkdirAll(repo, 0o755); err != nil {
		t.Fatal(err)
	}
	env.Git(t, repo, "init", "-q", "-b", "main")
	term := harness.StartAmux(t, env, 80, 24)
	term.WaitText("Projects")
	term.AddProject(t, repo)
	term.Press(t, app.ActNewWorkspace)
	term.WaitText("New workspace in")
	term.Type("feat")
	term.Press(t, keys.FormSubmit)
	screen := term.WaitText("no commits yet")
	for _, boilerplate := range []string{"rolled back", "was removed", "rollback"} {
		if strings.Contains(screen, boilerplate) {
			t.Fatalf("rollback talk when nothing was made (%q):\n%s", boilerplate, screen)
		}
	}
	if harness.Exists(filepath.Join(env.StateHome, "worktrees")) {
		t.Fatal("a worktree directory was made")
	}
}
