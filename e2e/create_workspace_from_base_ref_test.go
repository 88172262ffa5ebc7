package e2e

import (
	"os"
	"path/filepath"
	"testing"

	"amux.dev/amux/e2e/harness"
)

// A person creates one workspace from the default branch and one from a
// base ref: both worktrees and branches exist, at the right commits, and
// the dashboard lists them.
func TestCreateWorkspaceWithAndWithoutBaseRef(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	env.Git(t, repo, "checkout", "-q", "-b", "release")
	os.WriteFile(filepath.Join(repo, "CHANGELOG"), []byte("v1\n"), 0o644)
	env.Git(t, repo, "add", "CHANGELOG")
	env.Git(t, repo, "commit", "-q", "-m", "release notes")
	env.Git(t, repo, "checkout", "-q", "main")
	mainSHA := env.Git(t, repo, "rev-parse", "main")
	releaseSHA := env.Git(t, repo, "rev-parse", "release")

	term := harness.StartWorkbench(t, env)
	term.AddProject(t, repo)
	term.CreateWorkspace(t, "from-default", "")
	term.CreateWorkspace(t, "from-release", "release")

	screen := term.WaitText("from-release")
	if !harness.ContainsAll(screen, "from-default", "from-release") {
		t.Fatalf("dashboard lacks the workspaces:\n%s", screen)
	}
	for name, sha := range map[string]string{"from-default": mainSHA, "from-release": releaseSHA} {
		if got := env.Git(t, repo, "rev-parse", "refs/heads/"+name); got != sha {
			t.Errorf("branch %s at %s, want %s", name, got, sha)
		}
		root := filepath.Join(env.StateHome, "worktrees", "shop", name)
		if !harness.Exists(filepath.Join(root, "README.md")) {
			t.Errorf("worktree %s missing", root)
		}
	}
	if !harness.Exists(filepath.Join(env.StateHome, "worktrees", "shop", "from-release", "CHANGELOG")) {
		t.Error("from-release was not checked out from the release branch")
	}
}
