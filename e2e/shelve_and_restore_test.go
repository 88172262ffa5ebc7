package e2e

import (
	"path/filepath"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
)

// Shelving removes the worktree but keeps the branch and the record; the
// shelved workspace is listed as such and restoring brings the tree back.
func TestShelveAndRestoreWorkspace(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	term := harness.StartWorkbench(t, env)
	term.AddProject(t, repo)
	term.CreateWorkspace(t, "parked", "")
	root := filepath.Join(env.StateHome, "worktrees", "shop", "parked")

	term.ShelveWorkspace(t, "parked")
	term.WaitGone("Shelving parked") // and the next key is not read as Alt+key
	if harness.Exists(root) {
		t.Fatal("shelve left the worktree")
	}
	if out := env.Git(t, repo, "branch", "--list", "parked"); out == "" {
		t.Fatal("shelve deleted the branch")
	}

	term.Press(t, app.ActRestore)
	term.WaitText("restored workspace parked")
	if !harness.Exists(filepath.Join(root, "README.md")) {
		t.Fatal("restore did not bring the worktree back")
	}
}
