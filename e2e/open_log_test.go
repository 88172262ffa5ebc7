package e2e

import (
	"os"
	"path/filepath"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
)

// A person opens amux's log from the palette: what amux warned about at
// start is there, in a private file under the state home.
func TestOpenLog(t *testing.T) {
	env := harness.NewEnv(t)
	os.MkdirAll(env.StateHome, 0o700)
	os.WriteFile(filepath.Join(env.StateHome, "config.json"), []byte(`{"ui": {"theme": "neon-glow"}}`), 0o600)
	term := harness.StartAmux(t, env, 80, 24)
	term.WaitText("Projects")
	term.Press(t, app.ActPalette)
	term.WaitText("Commands")
	term.Type("open amux's log")
	term.Press(t, keys.ListChoose)
	term.WaitText("amux log")
	term.WaitText("neon-glow")
	fi, err := os.Stat(filepath.Join(env.StateHome, "logs", "amux.log"))
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("log file: %v %v", fi, err)
	}
}
