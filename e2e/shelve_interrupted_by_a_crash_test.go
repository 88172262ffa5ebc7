package e2e

import (
	"path/filepath"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
)

// amux is killed during a shelve right after the worktree was removed. The
// next start tells the truth while it finishes the shelve (the status dialog
// says a shelve is pending), then finishes it: the workspace is listed as
// shelved, keeps its branch, and restore brings its tree back.
func TestShelveInterruptedByACrashIsFinished(t *testing.T) {
	env := harness.NewEnv(t)
	trap := harness.NewGitTrap(t, env)
	repo := env.NewRepo(t, "shop")
	term := harness.StartWorkbench(t, env)
	term.AddProject(t, repo)
	term.CreateWorkspace(t, "parked", "")
	root := harness.WorktreePath(env, "shop", "parked")

	trap.Arm("after", "worktree remove")
	term.StartTeardown(t, app.ActShelve, "parked")
	trap.WaitFired()
	if harness.Exists(root) {
		t.Fatal("the kill point needs the worktree removed")
	}
	term.KillHard(t)

	// Hold the next start's recovery at its first git step to read the
	// dialog meanwhile.
	trap.Arm("before", "worktree prune")
	term = harness.StartWorkbench(t, env)
	trap.WaitFired()
	term.SelectWorkspace(t, "parked")
	term.Press(t, app.ActStatus)
	term.WaitText("pending — a shelve did not finish and the worktree is gone")
	term.Press(t, app.ActCloseStatus)
	// Closed before the next key, or Esc and that key read as one Alt+key.
	term.WaitGone("a shelve did not finish")
	trap.Release()
	term.WaitText("finished 1 interrupted shelve")
	term.WaitText("parked shelved")
	if harness.Exists(root) || !env.BranchExists(t, repo, "parked") {
		t.Fatal("a finished shelve has no worktree and keeps the branch")
	}

	term.Press(t, app.ActRestore)
	term.WaitText("restored workspace parked")
	if !harness.Exists(filepath.Join(root, "README.md")) {
		t.Fatal("restore did not bring the worktree back")
	}
}
