package e2e

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/workspace"
)

// A delete fails after it wrote its tombstone (the archive script locks the
// worktree, so git refuses to remove it): the dialog says the tombstone stays
// for recovery, the tombstone really is on disk, and the status dialog
// reports the cleanup as interrupted.
func TestInterruptedDeleteKeepsItsTombstone(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	top, err := filepath.EvalSymlinks(repo)
	if err != nil {
		t.Fatal(err)
	}
	store := workspace.NewStore(env.StateHome)
	if err := store.SetProjectScripts(context.Background(), top, workspace.ScriptSet{Archive: `git worktree lock --reason e2e "$PWD"`}); err != nil {
		t.Fatal(err)
	}
	term := harness.StartWorkbench(t, env)
	term.AddProject(t, repo)
	term.CreateWorkspace(t, "stuck", "")
	id := env.WorkspaceID(t, "stuck")

	term.StartTeardown(t, app.ActDelete, "stuck")
	screen := term.WaitText("enter/esc: close")
	if !harness.ContainsAll(screen, "stays marked as being deleted") || strings.Contains(screen, "tombstone") {
		t.Fatalf("the failed delete does not say it stays marked for the next start:\n%s", screen)
	}
	if !harness.Exists(store.Layout().TombstoneFile(id)) {
		t.Fatal("the dialog promises recovery, but no tombstone is on disk")
	}
	term.Press(t, keys.FormCancel)
	term.WaitGone("Deleting stuck")

	term.Press(t, app.ActStatus)
	term.WaitText("interrupted")
}
