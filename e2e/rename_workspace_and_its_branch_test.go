package e2e

import (
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
)

// Asked to, a rename renames the workspace's branch too.
func TestRenameWorkspaceAndItsBranch(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	term := harness.StartWorkbench(t, env)
	term.AddProject(t, repo)
	term.CreateWorkspace(t, "feat", "")
	term.Press(t, app.ActRenameWorkspace)
	term.WaitText("Rename feat")
	term.EditField(t, "C-u")
	term.Type("login-fix")
	term.Press(t, keys.FormSubmit)
	term.WaitText("Its branch is feat.")
	term.Answer(t, "r") // rename the branch too
	term.WaitText("renamed to login-fix (and its branch)")
	if b := env.Git(t, repo, "branch", "--list", "feat"); b != "" {
		t.Fatal("the old branch is still there")
	}
	if b := env.Git(t, repo, "branch", "--list", "login-fix"); b == "" {
		t.Fatal("no branch login-fix")
	}
}
