package e2e

import (
	"context"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/workspace"
)

// While setup-workspace runs, the create dialog shows its output live.
func TestCreateShowsTheLiveSetupTail(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	err := workspace.NewStore(env.StateHome).SetProjectScripts(context.Background(), repo, workspace.ScriptSet{
		Setup: []string{"echo compiling assets for $AMUX_WORKSPACE_NAME; sleep 3; echo done compiling"},
	})
	if err != nil {
		t.Fatal(err)
	}
	term := harness.StartWorkbench(t, env)
	term.AddProject(t, repo)
	term.Press(t, app.ActNewWorkspace)
	term.WaitText("New workspace in")
	term.Type("feat")
	term.Press(t, keys.FormSubmit)
	screen := term.WaitText("compiling assets for feat")
	if !harness.ContainsAll(screen, "New workspace in", "setup-workspace") {
		t.Fatalf("the tail is not shown in the running dialog:\n%s", screen)
	}
	term.WaitText("created workspace feat")
}
