package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
)

// A person keeps config.json in a dotfiles repository, linked into the
// state home, with a hand-written status section. Turning key hints off in
// Settings saves through the link: the repository's file gets the value,
// the link stays a link, and the status section is exactly as written.
func TestSettingsSaveThroughALinkedConfig(t *testing.T) {
	env := harness.NewEnv(t)
	dotfiles := filepath.Join(env.Home, "dotfiles", "amux.json")
	if err := os.MkdirAll(filepath.Dir(dotfiles), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dotfiles, []byte(`{"status": {"quiet_after_ms": 8000}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(env.StateHome, 0o700); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(env.StateHome, "config.json")
	if err := os.Symlink(dotfiles, link); err != nil {
		t.Fatal(err)
	}

	term := harness.StartWorkbench(t, env)
	term.Press(t, app.ActSettings)
	term.WaitText("Bell when an agent is done")
	term.Press(t, keys.FormNext) // key hints
	term.Press(t, keys.FormValueNext)
	term.Press(t, keys.FormSubmit)
	term.WaitText("settings saved")
	term.Press(t, app.ActQuit)
	term.WaitExit()

	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("config.json is no longer a link: %v", err)
	}
	b, err := os.ReadFile(dotfiles)
	if err != nil {
		t.Fatal(err)
	}
	var top map[string]map[string]json.RawMessage
	if err := json.Unmarshal(b, &top); err != nil {
		t.Fatal(err)
	}
	if string(top["ui"]["show_key_hints"]) != "false" || len(top["ui"]) != 1 {
		t.Fatalf("the linked file's ui section: %s", b)
	}
	if len(top["status"]) != 1 || string(top["status"]["quiet_after_ms"]) != "8000" {
		t.Fatalf("the hand-written status section was rewritten: %s", b)
	}
	if _, ok := top["ports"]; ok {
		t.Fatalf("a ports section nobody edited was added: %s", b)
	}
}
