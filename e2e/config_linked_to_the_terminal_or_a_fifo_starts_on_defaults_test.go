package e2e

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
)

// config.json is a link to /dev/tty (amux's own terminal), or a FIFO no one
// writes. amux does not wait on it, nor read what the person types as its
// config: it starts on the defaults, says why, and its keys work.
func TestConfigLinkedToTheTerminalOrAFIFOStartsOnDefaults(t *testing.T) {
	for name, make := range map[string]func(string) error{
		"tty":  func(p string) error { return os.Symlink("/dev/tty", p) },
		"fifo": func(p string) error { return syscall.Mkfifo(p, 0o600) },
	} {
		t.Run(name, func(t *testing.T) {
			env := harness.NewEnv(t)
			if err := os.MkdirAll(env.StateHome, 0o700); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(env.StateHome, "config.json")
			if err := make(path); err != nil {
				t.Fatal(err)
			}
			term := harness.StartWorkbench(t, env)
			term.WaitText("using default settings")
			term.WaitText("not a regular file")
			term.Press(t, app.ActQuit)
			if code := term.WaitExit(); code != 0 {
				t.Fatalf("amux exited %d:\n%s", code, term.Screen())
			}
			if fi, err := os.Lstat(path); err != nil || fi.Mode().IsRegular() {
				t.Fatalf("config.json was replaced: %v", err)
			}
		})
	}
}
