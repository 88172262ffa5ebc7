package harness

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// WriteConfig writes config.json with the given assistants (name → its
// settings) and the short agent-state windows the stories use.
func (e *Env) WriteConfig(t testing.TB, assistants map[string]any) {
	t.Helper()
	cfg := map[string]any{
		"assistants": assistants,
		// Short windows keep the agent-state stories quick.
		"status": map[string]any{"quiet_after_ms": 1500, "done_window_ms": 4000, "startup_grace_ms": 60000},
	}
	b, _ := json.Marshal(cfg)
	if err := os.MkdirAll(e.StateHome, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(e.StateHome, "config.json"), b, 0o600); err != nil {
		t.Fatal(err)
	}
}

// SetConfig merges settings into one section ("ui", "status") of the
// config.json WriteConfig wrote.
func (e *Env) SetConfig(t testing.TB, section string, settings map[string]any) {
	t.Helper()
	path := filepath.Join(e.StateHome, "config.json")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var cfg map[string]any
	if err := json.Unmarshal(b, &cfg); err != nil {
		t.Fatal(err)
	}
	sec, _ := cfg[section].(map[string]any)
	if sec == nil {
		sec = map[string]any{}
	}
	for k, v := range settings {
		sec[k] = v
	}
	cfg[section] = sec
	b, _ = json.Marshal(cfg)
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
}

// WriteFakeAssistant puts the fake agent into config.json as "fake".
func (e *Env) WriteFakeAssistant(t testing.TB, agent *FakeAgent) {
	t.Helper()
	e.WriteConfig(t, map[string]any{"fake": map[string]any{"command": agent.ShellCommand()}})
}
