package config

import (
	"context"
	"os"
	"slices"
	"strings"
	"testing"
)

// The notify section loads as an argv and the states it runs on, is
// saved with the other UI sections (keeping keys amux does not know), and
// a bad value falls back to the default with a warning.
func TestNotifySectionLoadsAndSaves(t *testing.T) {
	home := t.TempDir()
	if cfg, _ := Load(home); len(cfg.Notify.Command) != 0 || !slices.Equal(cfg.Notify.On, NotifyStates()) {
		t.Fatalf("default notify %+v", cfg.Notify)
	}
	doc := `{"notify": {"command": ["post", "--to", "my phone"], "on": ["blocked"], "x": 1}}`
	if err := os.WriteFile(Path(home), []byte(doc), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg, err := Load(home)
	if err != nil || !slices.Equal(cfg.Notify.Command, []string{"post", "--to", "my phone"}) || !slices.Equal(cfg.Notify.On, []string{"blocked"}) {
		t.Fatalf("notify %+v, %v", cfg.Notify, err)
	}
	if !cfg.Notify.Runs("blocked") || cfg.Notify.Runs("done") {
		t.Fatalf("Runs: %+v", cfg.Notify)
	}
	s := SectionsOf(cfg)
	s.Notify.On = []string{"done", "error"}
	if err := SaveSections(context.Background(), home, s); err != nil {
		t.Fatal(err)
	}
	again, err := Load(home)
	if err != nil || !again.Notify.Equal(s.Notify) {
		t.Fatalf("after save %+v, %v", again.Notify, err)
	}
	if b, _ := os.ReadFile(Path(home)); !strings.Contains(string(b), `"x": 1`) {
		t.Fatalf("an unknown key inside notify was dropped:\n%s", b)
	}
	if err := os.WriteFile(Path(home), []byte(`{"notify": {"command": "curl -d x", "on": ["sleeping"]}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if cfg, err := Load(home); err == nil || len(cfg.Notify.Command) != 0 {
		t.Fatalf("a shell string was taken as the command: %+v, %v", cfg.Notify, err)
	}
}
