package e2e

import (
	"context"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/workspace"
)

// A person adds a second project (the cursor follows it: the next
// workspace is made there), opens a shell, the run script and another
// shell, quits and starts again: the cursor is on the same workspace and
// the tabs are in the same order, the run tab still second and shown.
func TestRestartKeepsLayout(t *testing.T) {
	env := harness.NewEnv(t)
	env.WriteConfig(t, map[string]any{"shell": map[string]any{"command": "exec sh"}})
	first := env.NewRepo(t, "alpha")
	second := env.NewRepo(t, "beta")
	err := workspace.NewStore(env.StateHome).SetProjectScripts(context.Background(), second, workspace.ScriptSet{
		Run: "echo serving; exec sleep 300",
	})
	if err != nil {
		t.Fatal(err)
	}
	term := harness.StartAmux(t, env, 80, 24)
	term.WaitText("Projects")
	term.AddProject(t, first)
	term.CreateWorkspace(t, "one", "")
	term.AddProject(t, second)
	term.Press(t, app.ActNewWorkspace)
	if screen := term.WaitText("New workspace in"); !strings.Contains(screen, "New workspace in beta") {
		t.Fatalf("the cursor stayed on the old project:\n%s", screen)
	}
	term.Type("two")
	term.Press(t, keys.FormSubmit)
	term.WaitText("created workspace two")

	term.Press(t, app.ActNewTerminal)
	term.WaitText("1 shell")
	term.LeaveTerminal(t)
	term.Press(t, app.ActRunScript)
	term.WaitText("2 run")
	term.LeaveTerminal(t)
	term.Press(t, app.ActNewTerminal)
	term.WaitText("3 shell")
	term.LeaveTerminal(t)
	term.Press(t, app.ActTab(2))
	term.Press(t, app.ActQuit)
	term.WaitExit()

	term = harness.StartAmux(t, env, 80, 24)
	screen := term.WaitText("1 shell")
	if !strings.Contains(screen, "─ two ─") {
		t.Fatalf("the cursor is not on the workspace left selected:\n%s", screen)
	}
	bar := ""
	for _, line := range strings.Split(screen, "\n") {
		if strings.Contains(line, "1 shell") {
			bar = line
		}
	}
	i1, i2, i3 := strings.Index(bar, "1 shell"), strings.Index(bar, "2 run"), strings.Index(bar, "3 shell")
	if i1 < 0 || i2 < i1 || i3 < i2 {
		t.Fatalf("tab order changed across the restart: %q", bar)
	}
	// The tab left shown, the run (only it printed "serving"), is shown.
	term.Press(t, app.ActFocusTabArea)
	term.WaitText("serving")
}
