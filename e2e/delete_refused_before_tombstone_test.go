package e2e

import (
	"os"
	"strings"
	"testing"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/workspace"
)

// A delete refused before it starts (the repository's archive script is not
// approved) promises no recovery: the dialog says no tombstone is left,
// none is on disk, and the worktree is untouched.
func TestDeleteRefusedBeforeItStartsPromisesNoRecovery(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	commitScriptsFile(t, env, repo, func(p string) error {
		return os.WriteFile(p, []byte(`{"archive": "echo bye"}`), 0o644)
	})
	term := startWorkbench(t, env)
	addProject(t, term, repo)
	createWorkspace(t, term, "kept", "")
	id := workspaceID(t, env, "kept")

	confirmTeardown(t, term, "delete-workspace", "kept")
	screen := term.WaitText("enter/esc: close")
	if strings.Contains(screen, "tombstone stays") || !containsAll(screen, "archive script from .amux/scripts.json", "No tombstone is left") {
		t.Fatalf("the refused delete does not say plainly that nothing will be retried:\n%s", screen)
	}
	layout := workspace.NewStore(env.StateHome).Layout()
	if exists(layout.TombstoneFile(id)) {
		t.Fatal("a refused delete left a tombstone")
	}
	if !exists(layout.RecordFile(id)) {
		t.Fatal("a refused delete removed the record")
	}
}
