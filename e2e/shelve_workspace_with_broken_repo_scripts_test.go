package e2e

import (
	"path/filepath"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
)

// A repository's .amux/scripts.json is a directory, or is not JSON: the
// workspace can still be shelved. Shelve skips the archive script, says so,
// removes the worktree and keeps the branch.
func TestShelveWorkspaceWithBrokenRepoScripts(t *testing.T) {
	for name, broken := range map[string]func(string) error{"directory": scriptsAsDirectory, "invalid JSON": scriptsAsBadJSON} {
		t.Run(name, func(t *testing.T) {
			env := harness.NewEnv(t)
			repo := env.NewRepo(t, "shop")
			commitScriptsFile(t, env, repo, broken)
			term := harness.StartWorkbench(t, env)
			term.AddProject(t, repo)
			createWorkspaceWarned(t, term, "parked", "setup-workspace did not run")

			term.StartTeardown(t, app.ActShelve, "parked")
			screen := term.WaitText("shelved workspace parked")
			if !harness.ContainsAll(screen, "archive script was skipped", "scripts.json") {
				t.Fatalf("the shelve does not say the archive script was skipped:\n%s", screen)
			}
			term.Press(t, keys.FormCancel)
			term.WaitGone("Shelving parked")
			term.WaitText("parked shelved")
			if harness.Exists(filepath.Join(env.StateHome, "worktrees", "shop", "parked")) {
				t.Error("the worktree survived the shelve")
			}
			if out := env.Git(t, repo, "branch", "--list", "parked"); out == "" {
				t.Error("shelve deleted the branch")
			}
		})
	}
}
