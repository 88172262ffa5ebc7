package e2e

import (
	"context"
	"path/filepath"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
	"amux.dev/amux/ui/keys"
)

// Deleting asks for the workspace's name: a wrong name does nothing; the
// right name removes the worktree, the record and the workspace's sessions.
func TestDeleteWorkspaceWithTypedConfirm(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	term := harness.StartWorkbench(t, env)
	term.AddProject(t, repo)
	term.CreateWorkspace(t, "doomed", "")
	term.CreateWorkspace(t, "keeper", "")

	root := filepath.Join(env.StateHome, "worktrees", "shop", "doomed")
	id := env.WorkspaceID(t, "doomed")
	agent := tmux.SessionName("amux", id, "tab-e2e-1")
	env.Server.Session(t, agent, map[string]string{tmux.TagManaged: "1", tmux.TagWorkspace: id, tmux.TagType: tmux.TypeAgent})

	term.SelectWorkspace(t, "doomed")
	term.Press(t, app.ActDelete)
	term.WaitText("Type doomed to confirm")
	term.Type("doome")
	term.Press(t, keys.FormSubmit)
	term.WaitText("does not match")
	if !harness.Exists(root) {
		t.Fatal("a wrong name deleted the worktree")
	}
	term.Press(t, keys.FormCancel)
	term.WaitGone("Type doomed to confirm")

	term.Press(t, app.ActDelete)
	term.WaitText("Type doomed to confirm")
	term.Type("doomed")
	term.Press(t, keys.FormSubmit)
	screen := term.WaitText("deleted workspace doomed")
	if !harness.ContainsAll(screen, "✓ mark it as being deleted", "✓ kill agent and run sessions", "✓ remove worktree", "✓ remove record") {
		t.Fatalf("the teardown steps are not shown as done:\n%s", screen)
	}

	if harness.Exists(root) {
		t.Error("worktree still on disk")
	}
	if harness.Exists(filepath.Join(env.StateHome, "workspaces", id)) {
		t.Error("record still on disk")
	}
	if ok, _ := tmux.HasSession(context.Background(), env.Server, agent); ok {
		t.Error("the workspace's agent session survived the delete")
	}
	if !harness.Exists(filepath.Join(env.StateHome, "worktrees", "shop", "keeper")) {
		t.Error("the other workspace was touched")
	}
}
