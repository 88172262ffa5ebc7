package e2e

import (
	"os"
	"path/filepath"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
)

// The repository's .amux/worktree.json asks for .env to be copied into new
// worktrees: the create dialog asks for the approval in place, as it does
// for setup-workspace, showing what would be copied; approved, the first
// workspace gets its .env before setup runs (nothing is copied before).
func TestCreateAsksToApproveTheWorktreeFilesAndTheEnvArrives(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	harness.WriteFile(t, filepath.Join(repo, ".amux", "worktree.json"), `{"copy": [".env"]}`)
	harness.WriteFile(t, filepath.Join(repo, ".gitignore"), ".env\n")
	env.Git(t, repo, "add", ".amux/worktree.json", ".gitignore")
	env.Git(t, repo, "commit", "-q", "-m", "worktree files")
	harness.WriteFile(t, filepath.Join(repo, ".env"), "API_KEY=local\n")
	term := harness.StartWorkbench(t, env)
	term.AddProject(t, repo)
	term.Press(t, app.ActNewWorkspace)
	term.WaitText("New workspace in")
	term.Type("feat")
	term.Press(t, keys.FormSubmit)
	term.WaitText("Approve the files to copy and link for feat?")
	term.WaitText(".amux/worktree.json")
	term.WaitText("copy .env")
	root := filepath.Join(env.StateHome, "worktrees", "shop", "feat")
	if harness.Exists(filepath.Join(root, ".env")) {
		t.Fatal("copied before approval")
	}
	term.Press(t, keys.ConfirmYes)
	term.WaitText("setup-workspace approved and finished")
	b, err := os.ReadFile(filepath.Join(root, ".env"))
	if err != nil || string(b) != "API_KEY=local\n" {
		t.Fatalf("the .env did not arrive: %q %v", b, err)
	}
}
