package e2e

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
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
	term := startWorkbench(t, env)
	addProject(t, term, repo)
	createWorkspace(t, term, "stuck", "")
	id := workspaceID(t, env, "stuck")

	confirmTeardown(t, term, app.ActDelete, "stuck")
	screen := term.WaitText("enter/esc: close")
	if !containsAll(screen, "stays marked as being deleted") || strings.Contains(screen, "tombstone") {
		t.Fatalf("the failed delete does not say it stays marked for the next start:\n%s", screen)
	}
	if !exists(store.Layout().TombstoneFile(id)) {
		t.Fatal("the dialog promises recovery, but no tombstone is on disk")
	}
	term.Keys("Escape")
	term.WaitGone("Deleting stuck")

	term.Press(t, app.ActStatus)
	term.WaitText("interrupted")
}
