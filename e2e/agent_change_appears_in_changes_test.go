package e2e

import (
	"path/filepath"
	"testing"

	"amux.dev/amux/e2e/harness"
)

// A file an agent writes in the worktree appears in the sidebar's Changes
// without a key being pressed (the work tree watcher asks for one git
// status), and so does a file it then stages.
func TestAgentChangeAppearsInChangesWithoutAKey(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	term, root := harness.StartReview(t, env, repo, "feat")
	harness.WriteFile(t, filepath.Join(root, "src", "cart.go"), "package cart\n")
	term.WaitText("Untracked (1)")
	term.WaitText("src/cart.go")
	env.Git(t, root, "add", "src/cart.go")
	term.WaitText("Staged (1)")
	term.WaitText("Changes · 1 staged")
}
