package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
)

// A person rebinds keys in config.json: a rebinding that fits works and
// shows everywhere keys are named (hints, help); one that clashes in scopes
// active together is refused with a message naming both actions, and that
// action keeps its default.
func TestRemapKeysInConfig(t *testing.T) {
	env := harness.NewEnv(t)
	os.MkdirAll(env.StateHome, 0o700)
	cfg, _ := json.Marshal(map[string]any{"keys": map[string]any{
		"new-workspace": []string{"N"},
		"refresh":       []string{"t"},
	}})
	os.WriteFile(filepath.Join(env.StateHome, "config.json"), cfg, 0o600)
	repo := env.NewRepo(t, "shop")
	term := harness.StartAmux(t, env, 80, 24)
	screen := term.WaitText("clashes with")
	if !strings.Contains(screen, "refresh") || !strings.Contains(screen, "new-agent-tab") {
		t.Fatalf("the clash does not name both actions:\n%s", screen)
	}
	term.AddProject(t, repo)
	term.WaitText("N new") // the hint bar names the new key
	term.PressBound(t, "N")
	term.WaitText("New workspace in shop")
	term.Press(t, keys.FormCancel)
	term.WaitGone("New workspace in")
	term.Press(t, app.ActHelp)
	term.WaitText("Keys")
	term.Press(t, keys.ViewSearch)
	term.Type("create a workspace")
	if screen := term.WaitText("Create a workspace"); !strings.Contains(screen, "N ") {
		t.Fatalf("the help does not show the new key:\n%s", screen)
	}
	term.EditField(t, "Escape") // clears the filter
	term.WaitText("/ filter")
	term.Press(t, app.ActCloseHelp)
	// The key list's first rows, always in view: gone means closed. (Its
	// "Show every key" row is below the fold at 80×24, so waiting for that
	// to go passed at once, and the palette's key arrived glued to the
	// Escape, read as one Alt key, leaving the list open.)
	term.WaitGone("palette only")

	// The palette names the key in use; the refused rebinding left refresh
	// on its default, and t still opens a new agent tab's picker.
	term.Press(t, app.ActPalette)
	term.WaitText("Commands")
	term.Type("create a workspace")
	row := lineWith(term.WaitText("Create a workspace"), "Create a workspace")
	if !strings.HasSuffix(strings.TrimRight(strings.Trim(row, "│ "), " "), "N") {
		t.Fatalf("the palette does not show the new key: %q", row)
	}
	term.Press(t, keys.ListCancel)
	term.WaitGone("Commands")
	term.Press(t, app.ActPalette)
	term.WaitText("Commands")
	term.Type("reload projects")
	row = lineWith(term.WaitText("Reload projects"), "Reload projects")
	if !strings.HasSuffix(strings.TrimRight(strings.Trim(row, "│ "), " "), " r") {
		t.Fatalf("refresh lost its default key: %q", row)
	}
	term.Press(t, keys.ListCancel)
	term.WaitGone("Commands")
	term.PressBound(t, "N") // the remapped key; Press presses defaults
	term.WaitText("New workspace in")
	term.Type("feat")
	term.Press(t, keys.FormSubmit)
	term.WaitText("created workspace feat")
	term.PressBound(t, "t") // still new-agent-tab: the clashing rebinding of refresh was refused
	term.WaitText("New agent tab")
}

// lineWith is the first line of screen holding s ("" when none).
func lineWith(screen, s string) string {
	for _, l := range strings.Split(screen, "\n") {
		if strings.Contains(l, s) {
			return l
		}
	}
	return ""
}
