package e2e

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
)

// Deleting a workspace with uncommitted work and a commit merged nowhere
// first shows what is at stake (counts, paths, the commit's subject) before
// the typed confirm; Esc there changes nothing. The default keeps the work
// as a WIP commit on the branch, which the delete then keeps.
func TestDeleteDirtyWorkspaceShowsWhatWouldBeLostAndKeepsItOnTheBranch(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	term := harness.StartWorkbench(t, env)
	term.AddProject(t, repo)
	term.CreateWorkspace(t, "doomed", "")
	root := filepath.Join(env.StateHome, "worktrees", "shop", "doomed")
	if err := os.WriteFile(filepath.Join(root, "feature.go"), []byte("package shop\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	env.Git(t, root, "add", "feature.go")
	env.Git(t, root, "commit", "-q", "-m", "feature-start")
	makeDirty(t, root)
	before := porcelain(t, env, root)

	term.SelectWorkspace(t, "doomed")
	term.Press(t, app.ActDelete)
	screen := term.WaitText("Uncommitted work")
	if !harness.ContainsAll(screen, "1 modified", dirtyTracked, "1 untracked", dirtyUntracked, "feature-start", "WIP commit", "stash", "discard") {
		t.Fatalf("the dialog does not say what would be lost and what can be done:\n%s", screen)
	}
	term.Press(t, keys.ChoiceCancel)
	term.WaitGone("Uncommitted work")
	if !harness.Exists(root) || !slices.Equal(porcelain(t, env, root), before) {
		t.Fatal("cancelling the dialog changed the worktree")
	}

	term.Press(t, app.ActDelete)
	term.WaitText("Uncommitted work")
	term.Press(t, keys.ChoicePick) // the default: a WIP commit on the branch
	screen = term.WaitText("Type doomed to confirm")
	if !harness.ContainsAll(screen, "WIP commit", "doomed is kept") {
		t.Fatalf("the confirm does not say what happens to the work and the branch:\n%s", screen)
	}
	term.Type("doomed")
	term.Press(t, keys.FormSubmit)
	term.WaitText("deleted workspace doomed")
	if harness.Exists(root) {
		t.Fatal("the worktree survived the delete")
	}
	if msg := env.Git(t, repo, "log", "-1", "--format=%B", "doomed"); !strings.Contains(msg, "Amux-WIP: delete") {
		t.Fatalf("the kept branch's tip is not amux's WIP commit:\n%s", msg)
	}
	if got := env.Git(t, repo, "log", "-1", "--format=%s", "doomed~1"); got != "feature-start" {
		t.Fatalf("the WIP commit does not sit on the branch's own work: parent %q", got)
	}
	if got := env.Git(t, repo, "show", "doomed:"+dirtyTracked); got != strings.TrimSpace(dirtyEdit) {
		t.Fatalf("the tracked edit is not in the WIP commit: %q", got)
	}
	if got := env.Git(t, repo, "show", "doomed:"+dirtyUntracked); got != strings.TrimSpace(dirtyNotes) {
		t.Fatalf("the untracked file is not in the WIP commit: %q", got)
	}
}
