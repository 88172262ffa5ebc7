package e2e

import (
	"testing"

	"amux.dev/amux/e2e/harness"
)

// amux is killed right after `git worktree add` of a create: the next start
// removes the worktree and the branch that create made and says so, and
// creating the same name again makes the branch its own, so deleting that
// workspace removes the branch too.
func TestCreateInterruptedByACrashIsUndone(t *testing.T) {
	env := harness.NewEnv(t)
	trap := harness.NewGitTrap(t, env)
	repo := env.NewRepo(t, "shop")
	term := startWorkbench(t, env)
	addProject(t, term, repo)

	trap.Arm("after", "worktree add")
	startCreate(t, term, "feat")
	trap.WaitFired()
	if !exists(worktreeRoot(env, "shop", "feat")) || !branchExists(t, env, repo, "feat") {
		t.Fatal("the kill point needs the worktree and the branch made")
	}
	term.KillHard(t)

	term = startWorkbench(t, env)
	term.WaitText("undid 1 interrupted create")
	noOrphans(t, env, repo, "shop", "feat")

	createWorkspace(t, term, "feat", "")
	deleteWorkspace(t, term, "feat")
	if branchExists(t, env, repo, "feat") {
		t.Fatal("the re-created workspace did not own its branch: the delete kept it")
	}
	noOrphans(t, env, repo, "shop", "feat")
}
