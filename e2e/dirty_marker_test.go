package e2e

import (
	"os"
	"path/filepath"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
)

// A workspace with uncommitted changes is marked in the list (after a
// refresh: amux runs git status on events, never on a timer).
func TestDirtyWorkspaceIsMarked(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	term := harness.StartWorkbench(t, env)
	term.AddProject(t, repo)
	term.CreateWorkspace(t, "feat", "")
	if screen := term.Screen(); harness.ContainsAll(screen, "feat *") {
		t.Fatalf("a clean workspace is marked dirty:\n%s", screen)
	}
	root := filepath.Join(env.StateHome, "worktrees", "shop", "feat")
	if err := os.WriteFile(filepath.Join(root, "notes.txt"), []byte("wip\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	term.Press(t, app.ActRefresh)
	term.WaitText("feat *")
}
