package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
)

// A person presses F5 on a workspace whose run script comes from the
// repository and is not approved yet: amux asks right there, showing the
// exact command; approved, the run starts at once in its tab, its output
// on screen — no detour through the status dialog.
func TestApproveRunScriptInPlace(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	os.MkdirAll(filepath.Join(repo, ".amux"), 0o755)
	os.WriteFile(filepath.Join(repo, ".amux", "scripts.json"),
		[]byte(`{"run": "echo up: $((40+2)); exec sleep 300"}`), 0o644)
	env.Git(t, repo, "add", ".amux")
	env.Git(t, repo, "commit", "-q", "-m", "scripts")

	term := harness.StartAmux(t, env, 80, 24)
	term.WaitText("Projects")
	term.AddProject(t, repo)
	term.CreateWorkspace(t, "feat", "")

	term.Press(t, app.ActRunScript)
	screen := term.WaitText("Approve the run script for feat?")
	if !strings.Contains(screen, "$ echo up: $((40+2))") {
		t.Fatalf("the question does not show the command:\n%s", screen)
	}
	term.Press(t, keys.ConfirmYes)
	term.WaitGone("Approve the run script")
	term.WaitText("up: 42")
	term.WaitText(" run ")
}
