package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/workspace"
)

// A delete that died right after writing its tombstone (the state the
// engine's crash tests prove a SIGKILL at that step leaves) is finished by
// the next start of amux: worktree, branch and record go, the user is told,
// and the other workspace is untouched.
func TestStartupFinishesInterruptedDelete(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	term := harness.StartWorkbench(t, env)
	term.AddProject(t, repo)
	term.CreateWorkspace(t, "doomed", "")
	term.CreateWorkspace(t, "keeper", "")
	id := env.WorkspaceID(t, "doomed")
	term.Press(t, app.ActQuit)
	if code := term.WaitExit(); code != 0 {
		t.Fatalf("amux exited %d", code)
	}

	layout := workspace.NewStore(env.StateHome).Layout()
	if err := os.WriteFile(layout.TombstoneFile(id), []byte("1\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	root := filepath.Join(env.StateHome, "worktrees", "shop", "doomed")

	term = harness.StartWorkbench(t, env)
	term.WaitText("finished 1 interrupted delete")
	term.WaitGone("doomed")
	if harness.Exists(root) || harness.Exists(layout.WorkspaceDir(id)) {
		t.Fatal("the worktree or the record survived recovery")
	}
	if out := env.Git(t, repo, "branch", "--list", "doomed"); strings.TrimSpace(out) != "" {
		t.Fatalf("the branch the workspace created survived: %q", out)
	}
	if !harness.Exists(filepath.Join(env.StateHome, "worktrees", "shop", "keeper")) || !strings.Contains(term.Screen(), "keeper") {
		t.Fatal("recovery touched the other workspace")
	}
}
