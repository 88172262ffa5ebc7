package e2e

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/workspace"
)

// A person creates a workspace in a repository that ships a setup script:
// the create dialog shows the exact commands and asks for the approval
// right there; approved, setup runs with its output shown, and the
// workspace is a success, not a "✗ workspace created, but…".
func TestApproveSetupInPlace(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	marker := filepath.Join(t.TempDir(), "setup-ran")
	os.MkdirAll(filepath.Join(repo, ".amux"), 0o755)
	os.WriteFile(filepath.Join(repo, ".amux", "scripts.json"),
		[]byte(`{"setup-workspace": ["echo installing the toolchain; touch `+marker+`"]}`), 0o644)
	env.Git(t, repo, "add", ".amux")
	env.Git(t, repo, "commit", "-q", "-m", "scripts")

	term := harness.StartAmux(t, env, 80, 24)
	term.WaitText("Projects")
	term.AddProject(t, repo)
	term.Press(t, app.ActNewWorkspace)
	term.WaitText("New workspace in")
	term.Type("feat")
	term.Press(t, keys.FormSubmit)
	screen := term.WaitText("Approve setup-workspace for feat?")
	if !strings.Contains(screen, "$ echo installing the toolchain") || strings.Contains(screen, "✗") {
		t.Fatalf("the question does not show the commands, or marks a failure:\n%s", screen)
	}
	if harness.Exists(marker) {
		t.Fatal("the script ran before the approval")
	}
	term.Press(t, keys.ConfirmYes)
	term.WaitText("setup-workspace approved and finished")
	if !harness.Exists(marker) {
		t.Fatal("the approved setup did not run")
	}
}

// A setup that fails leaves a created workspace: the dialog warns, with the
// output, and never marks the create as failed.
func TestCreatedWorkspaceWithFailingSetupIsNotAFailure(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	writeProjectScripts(t, env, repo, "echo compiling; echo missing compiler >&2; exit 4")
	term := harness.StartAmux(t, env, 80, 24)
	term.WaitText("Projects")
	term.AddProject(t, repo)
	term.Press(t, app.ActNewWorkspace)
	term.WaitText("New workspace in")
	term.Type("feat")
	term.Press(t, keys.FormSubmit)
	screen := term.WaitText("⚠ created workspace feat")
	if strings.Contains(screen, "✗") || !strings.Contains(screen, "missing compiler") {
		t.Fatalf("a created workspace shown as a failure, or without its output:\n%s", screen)
	}
}

// writeProjectScripts sets the project's setup-workspace in project-scripts.json.
func writeProjectScripts(t *testing.T, env *harness.Env, repo string, setup ...string) {
	t.Helper()
	err := workspace.NewStore(env.StateHome).SetProjectScripts(context.Background(), repo, workspace.ScriptSet{Setup: setup})
	if err != nil {
		t.Fatal(err)
	}
}
