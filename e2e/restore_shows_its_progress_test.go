package e2e

import (
	"context"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/workspace"
)

// A restore says how far it got on the workspace's row — the worktree,
// then each line setup-workspace prints — instead of seconds of nothing.
func TestRestoreShowsItsProgress(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	err := workspace.NewStore(env.StateHome).SetProjectScripts(context.Background(), repo, workspace.ScriptSet{
		Setup: []string{"echo warming; sleep 2; echo warm"},
	})
	if err != nil {
		t.Fatal(err)
	}
	term := harness.StartWorkbench(t, env)
	term.AddProject(t, repo)
	term.CreateWorkspace(t, "parked", "")
	term.ShelveWorkspace(t, "parked")

	term.Press(t, app.ActRestore)
	term.WaitText("setup: warming")
	term.WaitText("restored workspace parked")
}
