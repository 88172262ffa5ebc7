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

// A person removes an assistant they added, in Settings: it leaves
// config.json, the rest of the file kept; on a row that is no assistant's
// the key says why it does nothing.
func TestSettingsRemoveAUserAssistant(t *testing.T) {
	env := harness.NewEnv(t)
	env.WriteConfig(t, map[string]any{"zz-aider": map[string]any{"command": "aider --yes"}})
	env.SetConfig(t, "ui", map[string]any{"theme": "light"})
	term := harness.StartWorkbench(t, env)
	term.Press(t, app.ActSettings)
	term.WaitText("Appearance")
	// The user's assistant is the last one listed: one step back from the
	// first field wraps to it, and the list scrolls to show it.
	term.Press(t, keys.FormPrev)
	term.WaitText("zz-aider")
	term.Press(t, keys.FormDeleteRow)
	term.WaitText("removed zz-aider")
	term.Press(t, keys.FormSubmit)
	term.WaitText("settings saved")
	b, _ := os.ReadFile(filepath.Join(env.StateHome, "config.json"))
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(b, &doc); err != nil || strings.Contains(string(doc["assistants"]), "zz-aider") {
		t.Fatalf("the assistant is still in config.json: %s (%v)", b, err)
	}
	if !strings.Contains(string(doc["ui"]), `"light"`) {
		t.Fatalf("the rest of config.json was not kept: %s", b)
	}

	term.Press(t, app.ActSettings)
	term.WaitText("Settings")
	term.Press(t, keys.FormDeleteRow) // the first field is no assistant's
	term.WaitText("only an assistant can be removed here")
	term.Press(t, keys.FormCancel)
	term.WaitGone("only an assistant")
}
