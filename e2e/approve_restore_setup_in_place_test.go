package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/status"
	"amux.dev/amux/ui/keys"
)

// A person restores a shelved workspace whose setup comes from the
// repository and was never approved: the restore asks right there, with
// the exact commands; approved, setup runs and its output shows on the
// workspace's row and in O while it runs.
func TestApproveRestoreSetupInPlace(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	dir := t.TempDir()
	marker, gate := filepath.Join(dir, "setup-ran"), filepath.Join(dir, "gate")
	os.MkdirAll(filepath.Join(repo, ".amux"), 0o755)
	setup := `echo tools; touch ` + status.ShellQuote(marker) + `; while [ ! -e ` + status.ShellQuote(gate) + ` ]; do sleep 0.05; done`
	doc, _ := json.Marshal(map[string][]string{"setup-workspace": {setup}})
	os.WriteFile(filepath.Join(repo, ".amux", "scripts.json"), doc, 0o644)
	env.Git(t, repo, "add", ".amux")
	env.Git(t, repo, "commit", "-q", "-m", "scripts")

	term := harness.StartAmux(t, env, 80, 24)
	term.WaitText("Projects")
	term.AddProject(t, repo)
	term.Press(t, app.ActNewWorkspace)
	term.WaitText("New workspace in")
	term.Type("feat")
	term.Press(t, keys.FormSubmit)
	term.WaitText("Approve setup-workspace for feat?")
	term.Press(t, keys.ConfirmNo) // not now
	term.WaitGone("Approve setup-workspace")
	term.WaitText("─ feat ─")
	term.ShelveWorkspace(t, "feat")

	term.Press(t, app.ActRestore)
	screen := term.WaitText("Approve setup-workspace for feat?")
	if !strings.Contains(screen, "$ echo tools") || !strings.Contains(screen, "Restored.") {
		t.Fatalf("the restore's question does not show the commands:\n%s", screen)
	}
	if harness.Exists(marker) {
		t.Fatal("the unapproved setup ran")
	}
	term.Press(t, keys.ConfirmYes)
	term.WaitGone("Approve setup-workspace")
	term.WaitText("setup: tools")
	if !harness.Exists(marker) {
		t.Fatal("the approved setup did not run")
	}
	term.Press(t, app.ActScriptOutput)
	term.WaitText("Script output")
	term.WaitText("tools")
	term.Press(t, app.ActCloseOutput)
	term.WaitGone("Script output")
	os.WriteFile(gate, nil, 0o644)
	term.WaitText("setup-workspace approved")
}
