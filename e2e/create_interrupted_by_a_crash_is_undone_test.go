package e2e

import (
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
)

// amux is killed right after `git worktree add` of a create: the next start
// removes the worktree and the branch that create made and says so, and
// creating the same name again makes the branch its own, so deleting that
// workspace removes the branch too.
func TestCreateInterruptedByACrashIsUndone(t *testing.T) {
	env := harness.NewEnv(t)
	trap := harness.NewGitTrap(t, env)
	repo := env.NewRepo(t, "shop")
	term := harness.StartWorkbench(t, env)
	term.AddProject(t, repo)

	trap.Arm("after", "worktree add")
	term.StartCreate(t, "feat")
	trap.WaitFired()
	if !harness.Exists(harness.WorktreePath(env, "shop", "feat")) || !env.BranchExists(t, repo, "feat") {
		t.Fatal("the kill point needs the worktree and the branch made")
	}
	term.KillHard(t)

	term = harness.StartWorkbench(t, env)
	term.WaitText("undid 1 interrupted create")
	env.NoOrphans(t, repo, "shop", "feat")

	term.CreateWorkspace(t, "feat", "")
	deleteWorkspace(t, term, "feat")
	if env.BranchExists(t, repo, "feat") {
		t.Fatal("the re-created workspace did not own its branch: the delete kept it")
	}
	env.NoOrphans(t, repo, "shop", "feat")
}

// deleteWorkspace deletes the selected workspace through the typed confirm
// and waits until it is gone.
func deleteWorkspace(t *testing.T, term *harness.Terminal, name string) {
	t.Helper()
	term.StartTeardown(t, app.ActDelete, name)
	term.WaitText("deleted workspace " + name)
	term.Press(t, keys.FormCancel)
	term.WaitGone("Deleting " + name)
}
