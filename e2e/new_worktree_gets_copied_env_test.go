package e2e

import (
	"os"
	"path/filepath"
	"testing"

	"amux.dev/amux/e2e/harness"
)

// The repository's .amux/worktree.json asks for .env to be copied into new
// worktrees: once the person approves the list (status dialog), the copy
// is made before setup-workspace runs.
func TestNewWorktreeGetsACopiedEnv(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	writeFile(t, filepath.Join(repo, ".amux", "worktree.json"), `{"copy": [".env"]}`)
	writeFile(t, filepath.Join(repo, ".gitignore"), ".env\n")
	env.Git(t, repo, "add", ".amux/worktree.json", ".gitignore")
	env.Git(t, repo, "commit", "-q", "-m", "worktree files")
	writeFile(t, filepath.Join(repo, ".env"), "API_KEY=local\n")
	term := startWorkbench(t, env)
	addProject(t, term, repo)
	term.Press(t, "new-workspace")
	term.WaitText("New workspace in")
	term.Type("feat")
	term.Keys("Enter")
	term.WaitText("for your approval")
	term.Keys("Enter")
	term.WaitGone("for your approval")
	root := filepath.Join(env.StateHome, "worktrees", "shop", "feat")
	if exists(filepath.Join(root, ".env")) {
		t.Fatal("copied before approval")
	}
	term.Press(t, "workspace-status")
	term.WaitText("copy .env")
	term.Press(t, "approve-scripts")
	term.WaitText("worktree-files: copy .env")
	term.Type("feat")
	term.Keys("Enter")
	harness.Eventually(t, func() (bool, string) {
		b, err := os.ReadFile(filepath.Join(root, ".env"))
		return err == nil && string(b) == "API_KEY=local\n", "no copied .env yet; screen:\n" + term.Screen()
	})
}
