package config

import (
	"slices"
	"strings"
	"testing"
)

func TestKeysSectionShape(t *testing.T) {
	home := t.TempDir()
	writeConfig(t, home, `{"keys": {
	  "new-workspace": ["N"],
	  "refresh": ["ctrl+r", "f5"],
	  "quit": [],
	  "help": "?",
	  "delete": ["D", "D"],
	  "filter": ["", "/"],
	  "whatever-id": ["z"]
	}}`)
	cfg, err := Load(home)
	if err == nil {
		t.Fatal("malformed entries not reported")
	}
	for _, want := range []string{"keys.help", "keys.delete", `"D" listed twice`, "keys.filter"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("warning lacks %q: %v", want, err)
		}
	}
	if !slices.Equal(cfg.Keys["new-workspace"], []string{"N"}) || !slices.Equal(cfg.Keys["refresh"], []string{"ctrl+r", "f5"}) {
		t.Errorf("keys = %v", cfg.Keys)
	}
	if ks, ok := cfg.Keys["quit"]; !ok || len(ks) != 0 {
		t.Errorf("an empty list (palette only) was dropped: %v", cfg.Keys)
	}
	// Unknown IDs are kept for ui/keys to report: config does not know them.
	if _, ok := cfg.Keys["whatever-id"]; !ok {
		t.Error("config judged an action ID")
	}
	for _, id := range []string{"help", "delete", "filter"} {
		if _, ok := cfg.Keys[id]; ok {
			t.Errorf("malformed %s kept", id)
		}
	}

	writeConfig(t, home, `{"keys": ["N"]}`)
	if cfg, err := Load(home); err == nil || cfg.Keys != nil {
		t.Fatalf("keys as a list: %v %v", cfg.Keys, err)
	}
	writeConfig(t, home, `{"keys": null}`)
	if cfg, err := Load(home); err != nil || cfg.Keys != nil {
		t.Fatalf("keys null: %v %v", cfg.Keys, err)
	}
}
