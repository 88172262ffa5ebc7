package e2e

import (
	"path/filepath"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
)

// A repository's .amux/scripts.json is a directory, or is not JSON: the
// workspace is still deletable. Delete skips the archive script, says so,
// and removes the worktree and the record; no tombstone is left behind.
func TestDeleteWorkspaceWithBrokenRepoScripts(t *testing.T) {
	for name, broken := range map[string]func(string) error{"directory": scriptsAsDirectory, "invalid JSON": scriptsAsBadJSON} {
		t.Run(name, func(t *testing.T) {
			env := harness.NewEnv(t)
			repo := env.NewRepo(t, "shop")
			commitScriptsFile(t, env, repo, broken)
			term := harness.StartWorkbench(t, env)
			term.AddProject(t, repo)
			createWorkspaceWarned(t, term, "feat", "setup-workspace did not run")

			root := filepath.Join(env.StateHome, "worktrees", "shop", "feat")
			id := env.WorkspaceID(t, "feat")
			term.StartTeardown(t, app.ActDelete, "feat")
			screen := term.WaitText("deleted workspace feat")
			if !harness.ContainsAll(screen, "archive script was skipped", "scripts.json") {
				t.Fatalf("the delete does not say the archive script was skipped:\n%s", screen)
			}
			if harness.Exists(root) {
				t.Error("the worktree survived the delete")
			}
			if harness.Exists(filepath.Join(env.StateHome, "workspaces", id)) {
				t.Error("the record (or a tombstone) survived the delete")
			}
		})
	}
}
