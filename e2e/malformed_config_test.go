package e2e

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/config"
	"amux.dev/amux/e2e/harness"
)

// amux starts on a malformed config.json with the defaults, says so, and
// leaves the file byte-identical; a save is refused rather than rewriting it.
func TestMalformedConfigFallsBackAndIsPreserved(t *testing.T) {
	env := harness.NewEnv(t)
	body := []byte("{\"ui\": {\"theme\": \"light\",, }\n")
	path := filepath.Join(env.StateHome, "config.json")
	if err := os.MkdirAll(env.StateHome, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, body, 0o600); err != nil {
		t.Fatal(err)
	}

	term := harness.StartWorkbench(t, env)
	term.WaitText("using default settings")
	term.Press(t, app.ActQuit)
	if code := term.WaitExit(); code != 0 {
		t.Fatalf("amux exited %d", code)
	}
	if got, _ := os.ReadFile(path); string(got) != string(body) {
		t.Fatalf("config.json changed to %q", got)
	}
	err := config.SaveUI(context.Background(), env.StateHome, config.Defaults().UI)
	if !errors.Is(err, config.ErrRefusedSave) {
		t.Fatalf("save over a malformed config: %v", err)
	}
	if got, _ := os.ReadFile(path); string(got) != string(body) {
		t.Fatalf("refused save changed the file to %q", got)
	}
}
