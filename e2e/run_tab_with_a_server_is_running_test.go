package e2e

import (
	"context"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
	"amux.dev/amux/workspace"
)

// A run script that serves for good (a dev server) is shown as running —
// not as work that never ends, not as attention, also while it logs
// requests — and its end is its result.
func TestRunTabWithAServerIsRunning(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	err := workspace.NewStore(env.StateHome).SetProjectScripts(context.Background(), repo, workspace.ScriptSet{
		// Up, quiet while it starts, then a request log line every second.
		Run: "echo serving; sleep 11; while :; do echo GET /health; sleep 1; done",
	})
	if err != nil {
		t.Fatal(err)
	}
	term := harness.StartWorkbench(t, env)
	term.AddProject(t, repo)
	term.CreateWorkspace(t, "feat", "")
	term.Press(t, app.ActRunScript)
	term.WaitText("serving")
	term.WaitText("▶ running")
	// Its request log does not make it work again.
	harness.Eventually(t, func() (bool, string) {
		screen := term.Screen()
		if !strings.Contains(screen, "▶ running") {
			t.Fatalf("a server printing its log is no longer running:\n%s", screen)
		}
		return strings.Count(screen, "GET /health") >= 3, "waiting for three log lines"
	})
	if term.BellRang(t) {
		t.Fatal("a running server rang the bell")
	}
	var run string
	harness.Eventually(t, func() (bool, string) {
		list, _ := tmux.ListSessions(context.Background(), env.Server)
		for _, s := range list {
			if s.Type == tmux.TypeRun {
				run = s.Name
			}
		}
		return run != "" && harness.ShowOption(env.Server, "-t", run, tmux.TagAgentState) == "working", "run session " + run + " not published as working"
	})
	// The server stops with an error: the run is over, with its status.
	env.Server.MustRun(t, "respawn-pane", "-k", "-t", tmux.ExactPane(run), "sh", "-c", "exit 4")
	harness.Eventually(t, func() (bool, string) {
		state, exit := harness.ShowOption(env.Server, "-t", run, tmux.TagAgentState), harness.ShowOption(env.Server, "-t", run, tmux.TagExitStatus)
		return state == "error" && exit == "4", "after the end: " + state + " exit " + exit
	})
}
