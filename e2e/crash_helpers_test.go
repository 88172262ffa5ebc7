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

// startCreate fills the create dialog and submits it, without waiting for
// the create to finish (a test kills amux in the middle of it).
func startCreate(t *testing.T, term *harness.Terminal, name string) {
	t.Helper()
	term.Press(t, app.ActNewWorkspace)
	term.WaitText("New workspace in")
	term.Type(name)
	term.Press(t, keys.FormSubmit)
}

// startTeardown confirms a delete (or shelve) of the selected workspace
// without waiting for it to finish.
func startTeardown(t *testing.T, term *harness.Terminal, action keys.ActionID, name string) {
	t.Helper()
	term.Press(t, action)
	term.WaitText("Type " + name + " to confirm")
	term.Type(name)
	term.Press(t, keys.FormSubmit)
}

// deleteWorkspace deletes the selected workspace through the typed confirm
// and waits until it is gone.
func deleteWorkspace(t *testing.T, term *harness.Terminal, name string) {
	t.Helper()
	startTeardown(t, term, app.ActDelete, name)
	term.WaitText("deleted workspace " + name)
	term.Press(t, keys.FormCancel)
	term.WaitGone("Deleting " + name)
}

// branchExists reports whether repo has the local branch.
func branchExists(t *testing.T, env *harness.Env, repo, branch string) bool {
	t.Helper()
	return strings.TrimSpace(env.Git(t, repo, "branch", "--list", branch)) != ""
}

// worktreeRoot is where amux puts a workspace's worktree.
func worktreeRoot(env *harness.Env, project, name string) string {
	return filepath.Join(env.StateHome, "worktrees", project, name)
}

// metadataDirs lists the workspace metadata directories (records,
// tombstones, intents) under the state home.
func metadataDirs(t *testing.T, env *harness.Env) []string {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join(env.StateHome, "workspaces"))
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() {
			out = append(out, e.Name())
		}
	}
	return out
}

// noOrphans fails the test if the workspace name left a worktree, a branch,
// a worktree record in git or any metadata behind.
func noOrphans(t *testing.T, env *harness.Env, repo, project, name string) {
	t.Helper()
	root := worktreeRoot(env, project, name)
	if exists(root) {
		t.Errorf("the worktree %s is still there", root)
	}
	if branchExists(t, env, repo, name) {
		t.Errorf("the branch %s is still there", name)
	}
	if list := env.Git(t, repo, "worktree", "list", "--porcelain"); strings.Contains(list, root) {
		t.Errorf("git still lists the worktree:\n%s", list)
	}
	if dirs := metadataDirs(t, env); len(dirs) != 0 {
		t.Errorf("metadata left under the state home: %v", dirs)
	}
}
