package e2e

import (
	"os"
	"path/filepath"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/workspace"
)

// commitScriptsFile commits a hostile or broken .amux/scripts.json in repo:
// plant puts whatever it likes at the path it is given.
func commitScriptsFile(t *testing.T, env *harness.Env, repo string, plant func(path string) error) {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(repo, ".amux"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := plant(filepath.Join(repo, filepath.FromSlash(workspace.RepoScriptsFile))); err != nil {
		t.Fatal(err)
	}
	env.Git(t, repo, "add", ".amux")
	env.Git(t, repo, "commit", "-q", "-m", "scripts")
}

// scriptsAsDirectory and scriptsAsBadJSON are the two broken scripts files
// the teardown stories use.
func scriptsAsDirectory(path string) error {
	if err := os.MkdirAll(path, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(path, "keep"), []byte("x\n"), 0o644)
}

func scriptsAsBadJSON(path string) error {
	return os.WriteFile(path, []byte(`{"archive": "echo bye",`), 0o644)
}

// createWorkspaceWarned creates a workspace whose setup cannot run: the
// dialog must finish with want on screen, and Esc must close it.
func createWorkspaceWarned(t *testing.T, term *harness.Terminal, name, want string) {
	t.Helper()
	term.Press(t, app.ActNewWorkspace)
	term.WaitText("New workspace in")
	term.Type(name)
	term.Press(t, keys.FormSubmit)
	term.WaitText(want)
	term.Press(t, keys.FormCancel)
	term.WaitGone("enter/esc: close") // closed: keys reach amux, not a blocked read
	term.WaitText("─ " + name + " ─")
}
