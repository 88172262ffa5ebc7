package e2e

import (
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
)

// An invalid base ref is refused inline, before anything runs: no branch,
// no worktree, and the dialog stays open for a correction.
func TestCreateWorkspaceRefusesInvalidBaseRef(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	term := harness.StartWorkbench(t, env)
	term.AddProject(t, repo)

	term.Press(t, app.ActNewWorkspace)
	term.WaitText("New workspace in")
	term.Type("broken")
	term.Press(t, keys.FormNext)
	term.Type("no-such-ref")
	term.Press(t, keys.FormSubmit)
	screen := term.WaitText("no-such-ref\"")
	if !strings.Contains(screen, "New workspace in") {
		t.Fatalf("dialog closed on an invalid ref:\n%s", screen)
	}
	if out := env.Git(t, repo, "branch", "--list", "broken"); out != "" {
		t.Fatalf("branch created: %q", out)
	}
	if harness.Exists(filepath.Join(env.StateHome, "worktrees", "shop", "broken")) {
		t.Fatal("worktree created")
	}
	term.Press(t, keys.FormCancel)
	term.WaitGone("New workspace in")
}
