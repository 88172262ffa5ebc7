package e2e

import (
	"os"
	"path/filepath"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
)

// A repository ships a setup script: it does not run until the person has
// read and approved it (typed confirm), then it runs; changing the script
// asks again.
func TestRepoScriptsRunOnlyAfterApproval(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	marker := filepath.Join(t.TempDir(), "setup-ran")
	os.MkdirAll(filepath.Join(repo, ".amux"), 0o755)
	os.WriteFile(filepath.Join(repo, ".amux", "scripts.json"),
		[]byte(`{"setup-workspace": ["touch `+marker+`"]}`), 0o644)
	env.Git(t, repo, "add", ".amux")
	env.Git(t, repo, "commit", "-q", "-m", "scripts")

	term := harness.StartWorkbench(t, env)
	term.AddProject(t, repo)
	term.Press(t, app.ActNewWorkspace)
	term.WaitText("New workspace in")
	term.Type("feat")
	term.Press(t, keys.FormSubmit)
	term.WaitText("Approve setup-workspace for feat?") // asked in place; declined here
	if harness.Exists(marker) {
		t.Fatal("an unapproved repo script ran")
	}
	term.Press(t, keys.ConfirmNo)
	term.WaitText("waits for your approval")
	term.WaitGone("Approve setup-workspace") // closed: the next key is not read as Alt+key
	term.WaitText("─ feat ─")

	term.Press(t, app.ActStatus)
	term.WaitText("A: approve scripts")
	term.Press(t, app.ActApproveScripts)
	term.WaitText("will run on your machine")
	term.WaitText("setup-workspace: touch")
	term.Type("feat")
	term.Press(t, keys.FormSubmit)
	term.WaitText("setup-workspace ran")
	if !harness.Exists(marker) {
		t.Fatal("the approved setup script did not run")
	}
	term.WaitText("U: revoke approvals")
}
