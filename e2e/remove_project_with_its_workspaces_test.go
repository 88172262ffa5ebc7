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

// Asked to, removing a project deletes its workspaces first, each as a
// delete would; one holding uncommitted work is not deleted, and the
// project then stays, so nothing ends up owned by nobody.
func TestRemoveProjectWithItsWorkspaces(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	term := harness.StartWorkbench(t, env)
	term.AddProject(t, repo)
	term.CreateWorkspace(t, "clean", "")
	term.CreateWorkspace(t, "busy", "")
	busy := filepath.Join(env.StateHome, "worktrees", "shop", "busy")
	if err := os.WriteFile(filepath.Join(busy, "notes.txt"), []byte("unsaved\n"), 0o644); err != nil {
		t.Fatal(err)
	}

	remove := func() {
		t.Helper()
		term.Press(t, app.ActTop)
		term.Press(t, app.ActRemoveProject)
		term.WaitText("What should happen to them?")
		term.Answer(t, "d") // delete them too
		term.WaitText("A workspace holding uncommitted work is not deleted")
		term.Type("shop")
		term.Press(t, keys.FormSubmit)
	}
	remove()
	term.WaitText("project shop stays: busy holds uncommitted work")
	if harness.Exists(filepath.Join(env.StateHome, "worktrees", "shop", "clean")) {
		t.Fatal("the clean workspace was not deleted")
	}
	if !harness.Exists(filepath.Join(busy, "notes.txt")) {
		t.Fatal("the uncommitted work was lost")
	}
	if b, _ := harness.ReadFileString(filepath.Join(env.StateHome, "projects.json")); !strings.Contains(b, repo) {
		t.Fatal("the project was removed while one of its workspaces stayed")
	}

	if err := os.Remove(filepath.Join(busy, "notes.txt")); err != nil {
		t.Fatal(err)
	}
	remove()
	term.WaitText("removed project shop and its 1 workspace")
	if harness.Exists(busy) {
		t.Fatal("the second removal left the worktree")
	}
	if b, _ := harness.ReadFileString(filepath.Join(env.StateHome, "projects.json")); strings.Contains(b, repo) {
		t.Fatal("the project is still registered")
	}
}
