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
	term := startWorkbench(t, env)
	addProject(t, term, repo)
	createWorkspace(t, term, "doomed", "")
	createWorkspace(t, term, "keeper", "")
	id := workspaceID(t, env, "doomed")
	term.Press(t, app.ActQuit)
	if code := term.WaitExit(); code != 0 {
		t.Fatalf("amux exited %d", code)
	}

	layout := workspace.NewStore(env.StateHome).Layout()
	if err := os.WriteFile(layout.TombstoneFile(id), []byte("1\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	root := filepath.Join(env.StateHome, "worktrees", "shop", "doomed")

	term = startWorkbench(t, env)
	term.WaitText("finished 1 interrupted delete")
	term.WaitGone("doomed")
	if exists(root) || exists(layout.WorkspaceDir(id)) {
		t.Fatal("the worktree or the record survived recovery")
	}
	if out := env.Git(t, repo, "branch", "--list", "doomed"); strings.TrimSpace(out) != "" {
		t.Fatalf("the branch the workspace created survived: %q", out)
	}
	if !exists(filepath.Join(env.StateHome, "worktrees", "shop", "keeper")) || !strings.Contains(term.Screen(), "keeper") {
		t.Fatal("recovery touched the other workspace")
	}
}
