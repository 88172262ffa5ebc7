package e2e

import (
	"context"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/workspace"
)

// While the run script runs in its tab, the script output's run section
// shows what it prints, live — not "nothing captured yet".
func TestScriptOutputShowsTheLiveRun(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	err := workspace.NewStore(env.StateHome).SetProjectScripts(context.Background(), repo, workspace.ScriptSet{
		Run: "echo serving on port $AMUX_PORT; exec sleep 300",
	})
	if err != nil {
		t.Fatal(err)
	}
	term := harness.StartAmux(t, env, 80, 24)
	term.WaitText("Projects")
	term.AddProject(t, repo)
	term.CreateWorkspace(t, "feat", "")
	term.Press(t, app.ActRunScript)
	term.WaitText("serving on port 62")
	term.LeaveTerminal(t)
	term.Press(t, app.ActScriptOutput)
	term.WaitText("Script output")
	term.Press(t, app.ActNextOutput) // setup-workspace → run
	term.WaitText("serving on port 62")
	term.WaitText("● live")
	term.WaitGone("nothing captured")
}
