package e2e

import (
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
)

// Choosing "stash" when deleting a dirty workspace leaves a stash entry in
// the repository holding the tracked edit and the untracked file; the
// branch, with nothing merged nowhere else, goes with the workspace.
func TestDeleteDirtyWorkspaceIntoAStash(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	term := harness.StartWorkbench(t, env)
	term.AddProject(t, repo)
	term.CreateWorkspace(t, "doomed", "")
	root := filepath.Join(env.StateHome, "worktrees", "shop", "doomed")
	makeDirty(t, root)

	term.Press(t, app.ActDelete)
	term.WaitText("Uncommitted work")
	term.Answer(t, "s")
	screen := term.WaitText("Type doomed to confirm")
	if !harness.ContainsAll(screen, "stash", "amux: delete of doomed") {
		t.Fatalf("the confirm does not say the work goes to a stash:\n%s", screen)
	}
	term.Type("doomed")
	term.Press(t, keys.FormSubmit)
	term.WaitText("deleted workspace doomed")
	if harness.Exists(root) {
		t.Fatal("the worktree survived the delete")
	}
	if list := env.Git(t, repo, "stash", "list"); !strings.Contains(list, "amux: delete of doomed") {
		t.Fatalf("no amux stash entry: %q", list)
	}
	if got := env.Git(t, repo, "show", "stash@{0}:"+dirtyTracked); got != strings.TrimSpace(dirtyEdit) {
		t.Fatalf("the stash does not hold the tracked edit: %q", got)
	}
	// A stash made with --include-untracked keeps them in its third parent.
	if got := env.Git(t, repo, "show", "stash@{0}^3:"+dirtyUntracked); got != strings.TrimSpace(dirtyNotes) {
		t.Fatalf("the stash does not hold the untracked file: %q", got)
	}
	if out := env.Git(t, repo, "branch", "--list", "doomed"); out != "" {
		t.Fatalf("the branch amux created, merged everywhere, survived: %q", out)
	}
}
