package e2e

import (
	"path/filepath"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
)

// A worktree made with plain git before the project was added becomes a
// workspace when the project is added; one made later arrives on refresh.
func TestAddProjectImportsExistingWorktrees(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	env.Git(t, repo, "worktree", "add", "-q", "-b", "hotfix", filepath.Join(env.Home, "wt", "hotfix"))
	term := harness.StartWorkbench(t, env)
	term.AddProject(t, repo)
	term.WaitText("hotfix")
	env.Git(t, repo, "worktree", "add", "-q", "-b", "later", filepath.Join(env.Home, "wt", "later"))
	term.Press(t, app.ActRefresh)
	term.WaitText("imported 1 existing worktree as workspaces")
	term.WaitText("later")
}
