package e2e

import (
	"context"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/workspace"
)

// A project's scripts at work: setup-workspace runs on create and its output
// can be read back (O); the run script starts from F5 in its own tmux run
// session, shown as a tab with the workspace's port in its environment.
func TestRunScriptTabAndScriptOutput(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	err := workspace.NewStore(env.StateHome).SetProjectScripts(context.Background(), repo, workspace.ScriptSet{
		Setup: []string{"echo preparing the $AMUX_WORKSPACE_NAME tree"},
		Run:   "echo serving on port $AMUX_PORT; exec sleep 300",
	})
	if err != nil {
		t.Fatal(err)
	}
	term := harness.StartWorkbench(t, env)
	term.AddProject(t, repo)
	term.CreateWorkspace(t, "feat", "")

	term.Press(t, app.ActScriptOutput)
	term.WaitText("preparing the feat tree")
	term.Press(t, app.ActCloseOutput)
	term.WaitGone("Script output")

	term.Press(t, app.ActRunScript)
	term.WaitText(" 1 run ")
	term.WaitText("serving on port 62")
}
