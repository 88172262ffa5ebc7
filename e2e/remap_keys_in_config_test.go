package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/e2e/harness"
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
	addProject(t, term, repo)
	term.WaitText("N new") // the hint bar names the new key
	term.Keys("N")
	term.WaitText("New workspace in shop")
	term.Keys("Escape")
	term.WaitGone("New workspace in")
	term.Keys("?")
	term.WaitText("Keys")
	term.Keys("/")
	term.Type("create a workspace")
	if screen := term.WaitText("Create a workspace"); !strings.Contains(screen, "N ") {
		t.Fatalf("the help does not show the new key:\n%s", screen)
	}
}
