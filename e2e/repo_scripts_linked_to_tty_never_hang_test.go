package e2e

import (
	"os"
	"path/filepath"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
)

// A repository commits .amux/scripts.json as a symlink to /dev/tty, which
// for amux is its own terminal. amux never opens it: create finishes and says
// why the scripts were refused, the status dialog shows the refusal and
// closes on Esc, and delete completes. Every key along the way reaches amux.
func TestRepoScriptsLinkedToTTYNeverHang(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	commitScriptsFile(t, env, repo, func(p string) error { return os.Symlink("/dev/tty", p) })

	term := harness.StartWorkbench(t, env)
	term.AddProject(t, repo)
	createWorkspaceWarned(t, term, "feat", "symlink")
	if !harness.ContainsAll(term.Screen(), "feat") {
		t.Fatal("the workspace is not listed after create")
	}

	term.Press(t, app.ActStatus)
	screen := term.WaitText("r: refresh")
	if !harness.ContainsAll(screen, "scripts.json", "symlink") {
		t.Fatalf("the status dialog does not show the refusal:\n%s", screen)
	}
	term.Press(t, app.ActCloseStatus)
	term.WaitGone("r: refresh")

	root := filepath.Join(env.StateHome, "worktrees", "shop", "feat")
	id := env.WorkspaceID(t, "feat")
	term.StartTeardown(t, app.ActDelete, "feat")
	screen = term.WaitText("deleted workspace feat")
	if !harness.ContainsAll(screen, "archive script was skipped") {
		t.Fatalf("the delete does not say the archive script was skipped:\n%s", screen)
	}
	if harness.Exists(root) || harness.Exists(filepath.Join(env.StateHome, "workspaces", id)) {
		t.Fatal("the worktree or the record survived the delete")
	}
	term.Press(t, keys.FormCancel)
	term.WaitGone("Deleting feat")
}
