package e2e

import (
	"path/filepath"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
)

// Discarding uncommitted work is only done behind the typed confirm: a
// wrong name leaves everything; the right one removes the worktree with the
// changes, and nothing is stashed or kept for them.
func TestDiscardUncommittedWorkNeedsTheTypedConfirm(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	term := harness.StartWorkbench(t, env)
	term.AddProject(t, repo)
	term.CreateWorkspace(t, "doomed", "")
	root := filepath.Join(env.StateHome, "worktrees", "shop", "doomed")
	makeDirty(t, root)

	term.Press(t, app.ActDelete)
	term.WaitText("Uncommitted work")
	term.Answer(t, "d")
	screen := term.WaitText("Type doomed to confirm")
	if !harness.ContainsAll(screen, "discarded", "lost") {
		t.Fatalf("the confirm does not say the work is discarded:\n%s", screen)
	}
	term.Type("doome")
	term.Press(t, keys.FormSubmit)
	term.WaitText("does not match")
	if !harness.Exists(filepath.Join(root, dirtyUntracked)) || len(porcelain(t, env, root)) != 2 {
		t.Fatal("a wrong name discarded the work")
	}
	term.Type("d")
	term.Press(t, keys.FormSubmit)
	term.WaitText("deleted workspace doomed")
	if harness.Exists(root) {
		t.Fatal("the worktree survived the delete")
	}
	if list := env.Git(t, repo, "stash", "list"); list != "" {
		t.Fatalf("discard stashed the work anyway: %q", list)
	}
	if out := env.Git(t, repo, "branch", "--list", "doomed"); out != "" {
		t.Fatalf("discard kept a branch for the work: %q", out)
	}
}
