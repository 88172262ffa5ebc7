package e2e

import (
	"path/filepath"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
)

// A project just added takes the cursor: the next n creates the workspace
// in it, not in the project that was selected before.
func TestAddedProjectTakesTheCursor(t *testing.T) {
	env := harness.NewEnv(t)
	shop, cafe := env.NewRepo(t, "shop"), env.NewRepo(t, "cafe")
	term := harness.StartWorkbench(t, env)
	term.AddProject(t, shop)
	term.AddProject(t, cafe)
	term.Press(t, app.ActNewWorkspace)
	term.WaitText("New workspace in cafe")
	term.Type("feat")
	term.Press(t, keys.FormSubmit)
	term.WaitText("created workspace feat")
	if !harness.Exists(filepath.Join(env.StateHome, "worktrees", "cafe", "feat")) {
		t.Fatal("the workspace was not created in the project just added")
	}
	if harness.Exists(filepath.Join(env.StateHome, "worktrees", "shop", "feat")) {
		t.Fatal("the workspace went to the project selected before")
	}
}
