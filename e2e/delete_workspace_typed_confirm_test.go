package e2e

import (
	"context"
	"os"
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
	term := startWorkbench(t, env)
	addProject(t, term, repo)
	createWorkspace(t, term, "doomed", "")
	createWorkspace(t, term, "keeper", "")

	root := filepath.Join(env.StateHome, "worktrees", "shop", "doomed")
	id := workspaceID(t, env, "doomed")
	agent := tmux.SessionName("amux", id, "tab-e2e-1")
	env.Server.Session(t, agent, map[string]string{tmux.TagManaged: "1", tmux.TagWorkspace: id, tmux.TagType: tmux.TypeAgent})

	selectWorkspace(t, term, "doomed")
	term.Press(t, app.ActDelete)
	term.WaitText("Type doomed to confirm")
	term.Type("doome")
	term.Press(t, keys.FormSubmit)
	term.WaitText("does not match")
	if !exists(root) {
		t.Fatal("a wrong name deleted the worktree")
	}
	term.Keys("Escape")
	term.WaitGone("Type doomed to confirm")

	term.Press(t, app.ActDelete)
	term.WaitText("Type doomed to confirm")
	term.Type("doomed")
	term.Press(t, keys.FormSubmit)
	screen := term.WaitText("deleted workspace doomed")
	if !containsAll(screen, "✓ mark it as being deleted", "✓ kill agent and run sessions", "✓ remove worktree", "✓ remove record") {
		t.Fatalf("the teardown steps are not shown as done:\n%s", screen)
	}

	if exists(root) {
		t.Error("worktree still on disk")
	}
	if exists(filepath.Join(env.StateHome, "workspaces", id)) {
		t.Error("record still on disk")
	}
	if ok, _ := tmux.HasSession(context.Background(), env.Server, agent); ok {
		t.Error("the workspace's agent session survived the delete")
	}
	if !exists(filepath.Join(env.StateHome, "worktrees", "shop", "keeper")) {
		t.Error("the other workspace was touched")
	}
}

// workspaceID finds a workspace's ID from its record on disk.
func workspaceID(t *testing.T, env *harness.Env, name string) string {
	t.Helper()
	entries, _ := os.ReadDir(filepath.Join(env.StateHome, "workspaces"))
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(env.StateHome, "workspaces", e.Name(), "workspace.json"))
		if err == nil && containsAll(string(b), `"name": "`+name+`"`) {
			return e.Name()
		}
	}
	t.Fatalf("no record for workspace %q", name)
	return ""
}

// selectWorkspace filters the dashboard down to one workspace and puts the
// cursor on it.
func selectWorkspace(t *testing.T, term *harness.Terminal, name string) {
	t.Helper()
	term.Press(t, app.ActFilter)
	term.Type(name)
	term.Keys("Enter")
	term.Press(t, app.ActBottom)
	term.WaitText("─ " + name + " ─")
}
