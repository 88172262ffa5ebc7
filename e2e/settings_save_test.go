package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
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

	term := startWorkbench(t, env)
	term.Press(t, app.ActSettings)
	term.WaitText("Bell when an agent is done")
	term.Keys("Down") // key hints
	term.Keys("Right")
	term.Keys("Enter")
	term.WaitText("not saved")
	if got, _ := os.ReadFile(path); string(got) != string(broken) {
		t.Fatalf("a refused save changed the file to %q", got)
	}
	term.Keys("Escape")
	term.WaitGone("Bell when an agent is done")

	// A fresh edit left with Esc is dropped; the pending save is kept.
	term.Press(t, app.ActSettings)
	term.WaitText("enter retries it")
	term.Keys("Down")
	term.Keys("Right") // key hints back on, not confirmed
	term.WaitScreen(func(sc string) bool { return lineHas(sc, "Key hints", "‹ on ›") }, "the fresh edit")
	term.Keys("Escape")
	term.WaitGone("Bell when an agent is done")
	term.Press(t, app.ActSettings)
	screen := term.WaitText("enter retries it")
	if !lineHas(screen, "Key hints", "‹ off ›") {
		t.Fatalf("Esc kept a fresh edit, or lost the pending one:\n%s", screen)
	}
	term.Keys("Escape")
	term.WaitGone("Bell when an agent is done")

	os.WriteFile(path, []byte("{}\n"), 0o600) // the user fixes the file
	term.Press(t, app.ActSettings)
	screen = term.WaitText("enter retries it")
	if !lineHas(screen, "Key hints", "‹ off ›") {
		t.Fatalf("the confirmed value is not the live one:\n%s", screen)
	}
	term.Keys("Enter")
	term.WaitText("settings saved")
	got, _ := os.ReadFile(path)
	if !strings.Contains(string(got), `"show_key_hints": false`) {
		t.Fatalf("retry did not save the live values: %s", got)
	}
}

// lineHas reports whether one line of screen holds every part, in order.
func lineHas(screen string, parts ...string) bool {
	for _, line := range strings.Split(screen, "\n") {
		rest, ok := line, true
		for _, p := range parts {
			i := strings.Index(rest, p)
			if i < 0 {
				ok = false
				break
			}
			rest = rest[i+len(p):]
		}
		if ok {
			return true
		}
	}
	return false
}
