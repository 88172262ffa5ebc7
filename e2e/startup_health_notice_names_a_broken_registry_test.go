package e2e

import (
	"os"
	"path/filepath"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
)

// The checks run at start too: a registry that does not parse gives one
// notice that says what is wrong and where Health is; Health names the
// file with its fix.
func TestStartupHealthNoticeNamesABrokenRegistry(t *testing.T) {
	env := harness.NewEnv(t)
	if err := os.MkdirAll(env.StateHome, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(env.StateHome, "project-env.json"), []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	term := harness.StartAmux(t, env, 120, 40)
	screen := term.WaitText("Health (H): registry")
	if !harness.ContainsAll(screen, "project-env.json is not valid JSON") {
		t.Fatalf("the start-up notice does not name the file and Health:\n%s", screen)
	}
	term.Press(t, app.ActHealth)
	screen = term.WaitText("fix:")
	if !harness.ContainsAll(screen, "project-env.json", "replaces the whole file") {
		t.Fatalf("Health does not name the broken file:\n%s", screen)
	}
}
