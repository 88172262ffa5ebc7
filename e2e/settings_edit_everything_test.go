package e2e

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
)

// A person edits what only JSON could set before — the tmux server, the
// port space, a new assistant with an explicit 0 — in Settings at 80×24.
// The assistants section of the file is one amux cannot read: their save
// is refused and stays pending while the UI sections are saved.
func TestSettingsEditEverything(t *testing.T) {
	env := harness.NewEnv(t)
	os.MkdirAll(env.StateHome, 0o700)
	path := filepath.Join(env.StateHome, "config.json")
	os.WriteFile(path, []byte(`{"assistants": ["not", "an", "object"]}`), 0o600)
	term := harness.StartAmux(t, env, 80, 24)
	term.WaitText("Projects")
	term.Press(t, app.ActSettings)
	term.WaitText("Settings")
	for range 5 { // theme, key hints, bell, notifications, short commands → tmux server
		term.Press(t, keys.FormNext)
	}
	term.Paste(t, "work\nsecond line")
	for range 9 { // tmux config, four timings, prompt marks, first and last port → ports per workspace
		term.Press(t, keys.FormNext)
	}
	term.EditField(t, "BSpace", "BSpace")
	term.Type("20")
	term.Press(t, keys.FormAddRow)
	term.WaitText("New assistant")
	term.Type("aider")
	term.Press(t, keys.FormNext)
	term.Type("aider --yes")
	term.Press(t, keys.FormNext)
	term.EditField(t, "BSpace")
	term.Type("0")
	term.Press(t, keys.FormSubmit)
	term.WaitText("not saved")

	b, _ := os.ReadFile(path)
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatalf("config.json broken: %s", b)
	}
	var ui map[string]any
	var ports map[string]float64
	json.Unmarshal(doc["ui"], &ui)
	json.Unmarshal(doc["ports"], &ports)
	if ui["tmux_server"] != "work" || ports["size"] != 20 {
		t.Fatalf("the UI sections were not saved (or a paste took more than its first line): %s", b)
	}
	var compact bytes.Buffer
	json.Compact(&compact, doc["assistants"])
	if compact.String() != `["not","an","object"]` {
		t.Fatalf("the unreadable assistants section was rewritten: %s", doc["assistants"])
	}
	// Fixed by the person, the next confirmation saves the assistant.
	doc["assistants"] = json.RawMessage(`{}`)
	fixed, _ := json.Marshal(doc)
	os.WriteFile(path, fixed, 0o600)
	term.Press(t, keys.FormSubmit)
	term.WaitText("settings saved")
	b, _ = os.ReadFile(path)
	var got struct {
		Assistants map[string]map[string]any `json:"assistants"`
	}
	json.Unmarshal(b, &got)
	if a := got.Assistants["aider"]; a["command"] != "aider --yes" || a["interrupt_count"] != 0.0 {
		t.Fatalf("the retry did not save the assistant with its explicit 0: %s", b)
	}
}
