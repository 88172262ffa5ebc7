package e2e

import (
	"path/filepath"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
)

// amux is killed during a restore right after the worktree was re-added,
// before the record stopped saying shelved. The next start undoes the
// half-done restore (nothing says the checkout finished) and the workspace
// is shelved as before; restoring it again gives a worktree a new terminal
// tab can work in.
func TestRestoreInterruptedByACrashComesBackSane(t *testing.T) {
	env := harness.NewEnv(t)
	trap := harness.NewGitTrap(t, env)
	repo := env.NewRepo(t, "shop")
	term := harness.StartWorkbench(t, env)
	term.AddProject(t, repo)
	term.CreateWorkspace(t, "parked", "")
	term.StartTeardown(t, app.ActShelve, "parked")
	term.WaitText("shelved workspace parked")
	term.Press(t, keys.FormCancel)
	term.WaitGone("Shelving parked") // and the next key is not read as Alt+key
	term.WaitText("parked shelved")
	root := harness.WorktreePath(env, "shop", "parked")

	trap.Arm("after", "worktree add")
	term.Press(t, app.ActRestore)
	trap.WaitFired()
	if !harness.Exists(filepath.Join(root, "README.md")) {
		t.Fatal("the kill point needs the worktree re-added")
	}
	term.KillHard(t)

	term = harness.StartWorkbench(t, env)
	term.WaitText("undid 1 interrupted restore (still shelved)")
	term.WaitText("parked shelved")
	if harness.Exists(root) || !env.BranchExists(t, repo, "parked") {
		t.Fatal("an undone restore leaves no worktree and keeps the branch")
	}

	term.SelectWorkspace(t, "parked")
	term.Press(t, app.ActRestore)
	term.WaitText("restored workspace parked")
	// The list reloads after the restore: until then the row is shelved
	// and a new tab is refused.
	term.WaitGone("parked shelved")
	term.Press(t, app.ActNewTerminal)
	term.WaitText(" 1 shell ")
	term.Type("unset HISTFILE; echo restored-$((20+22))") // no history written into HOME as the test ends
	term.KeyToProgram(t, "Enter")
	term.WaitText("restored-42")
}
