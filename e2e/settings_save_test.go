package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
)

// A person changes settings in the workbench. When the save fails (the file
// is one amux must not rewrite) the new values stay in use, the file keeps
// its bytes, Esc drops a fresh edit but keeps what is pending, and the
// next confirmation — with no new edits — saves them.
func TestSettingsSaveFailsLiveAndRetries(t *testing.T) {
	env := harness.NewEnv(t)
	path := filepath.Join(env.StateHome, "config.json")
	os.MkdirAll(env.StateHome, 0o700)
	broken := []byte("[\"not an object\"]\n")
	os.WriteFile(path, broken, 0o600)

	term := harness.StartWorkbench(t, env)
	term.Press(t, app.ActSettings)
	term.WaitText("Bell when an agent is done")
	term.Press(t, keys.FormNext) // key hints
	term.Press(t, keys.FormValueNext)
	term.Press(t, keys.FormSubmit)
	term.WaitText("not saved")
	if got, _ := os.ReadFile(path); string(got) != string(broken) {
		t.Fatalf("a refused save changed the file to %q", got)
	}
	term.Press(t, keys.FormCancel)
	term.WaitGone("Bell when an agent is done")

	// A fresh edit left with Esc is dropped; the pending save is kept.
	term.Press(t, app.ActSettings)
	term.WaitText("enter retries it")
	term.Press(t, keys.FormNext)
	term.Press(t, keys.FormValueNext) // key hints back on, not confirmed
	term.WaitScreen(func(sc string) bool { return harness.LineHas(sc, "Key hints", "‹ on ›") }, "the fresh edit")
	term.Press(t, keys.FormCancel)
	term.WaitGone("Bell when an agent is done")
	term.Press(t, app.ActSettings)
	screen := term.WaitText("enter retries it")
	if !harness.LineHas(screen, "Key hints", "‹ off ›") {
		t.Fatalf("Esc kept a fresh edit, or lost the pending one:\n%s", screen)
	}
	term.Press(t, keys.FormCancel)
	term.WaitGone("Bell when an agent is done")

	os.WriteFile(path, []byte("{}\n"), 0o600) // the user fixes the file
	term.Press(t, app.ActSettings)
	screen = term.WaitText("enter retries it")
	if !harness.LineHas(screen, "Key hints", "‹ off ›") {
		t.Fatalf("the confirmed value is not the live one:\n%s", screen)
	}
	term.Press(t, keys.FormSubmit)
	term.WaitText("settings saved")
	got, _ := os.ReadFile(path)
	if !strings.Contains(string(got), `"show_key_hints": false`) {
		t.Fatalf("retry did not save the live values: %s", got)
	}
}
