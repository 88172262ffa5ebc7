package e2e

import (
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
)

// Removing a project asks what happens to its workspaces and for its name,
// unregisters it and — kept as asked — leaves its workspaces (records and
// worktrees), and says so.
func TestRemoveProjectKeepsItsWorkspaces(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	term := harness.StartWorkbench(t, env)
	term.AddProject(t, repo)
	term.CreateWorkspace(t, "feat", "")
	term.Press(t, app.ActTop)
	term.Press(t, app.ActRemoveProject)
	term.WaitText("Remove project shop")
	term.WaitText("What should happen to it?")
	term.Answer(t, "w") // keep the workspaces
	term.WaitText("Its 1 workspace is kept")
	term.Type("shop")
	term.Press(t, keys.FormSubmit)
	term.WaitText("removed project shop; 1 workspace kept")
	if !harness.Exists(filepath.Join(env.StateHome, "worktrees", "shop", "feat")) {
		t.Fatal("the workspace's worktree was removed")
	}
	if b, err := harness.ReadFileString(filepath.Join(env.StateHome, "projects.json")); err != nil || strings.Contains(b, repo) {
		t.Fatalf("still registered: %v %s", err, b)
	}
}
