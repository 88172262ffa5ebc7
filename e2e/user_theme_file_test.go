package e2e

import (
	"os"
	"path/filepath"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
)

// A person adds a theme of their own in themes.json: it is offered and in
// use; a broken one in the same file is reported and left out, and the
// built-in themes stay.
func TestUserThemeFile(t *testing.T) {
	env := harness.NewEnv(t)
	os.MkdirAll(env.StateHome, 0o700)
	os.WriteFile(filepath.Join(env.StateHome, "themes.json"), []byte(`{
	  "sunset": {"base": "dark", "accent": "#ffaa55", "border_focus": "#ffaa55"},
	  "broken": {"base": "dark", "text": "pink"}
	}`), 0o600)
	os.WriteFile(filepath.Join(env.StateHome, "config.json"), []byte(`{"ui": {"theme": "sunset"}}`), 0o600)
	term := harness.StartAmux(t, env, 80, 24)
	term.WaitText(`themes.json: theme "broken"`) // the start notice names what was left out
	term.WaitText("Projects")
	term.Press(t, app.ActSettings)
	screen := term.WaitText("Theme")
	if !harness.LineHas(screen, "Theme", "‹ sunset ›") {
		t.Fatalf("the user theme is not the one in use:\n%s", screen)
	}
	term.Press(t, keys.FormValueNext) // sunset is last: wraps to the first built-in
	term.WaitText("‹ dark ›")
	for range 12 { // once round the list: never the broken one
		term.Press(t, keys.FormValueNext)
		if screen = term.Screen(); harness.LineHas(screen, "Theme", "‹ broken ›") {
			t.Fatalf("a broken theme is offered:\n%s", screen)
		}
	}
}
