package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
)

func inodeOf(t *testing.T, p string) uint64 {
	t.Helper()
	fi, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Sys().(*syscall.Stat_t).Ino
}

// A person installs a freshly built amux from the palette: the picker
// offers where `go install` writes it, amux checks it runs and reports a
// version, replaces the running binary (the old one kept beside it), and
// restarts into it. Neither a non-amux program nor a missing path gets in.
// (install_refuses_a_fake_amux_and_asks_before_running_it_test.go: the handshake.)
func TestInstallNewAmuxBinary(t *testing.T) {
	env := harness.NewEnv(t)
	bin := filepath.Join(t.TempDir(), "bin", "amux") // a copy: the tests' binary stays
	harness.CopyFile(t, harness.AmuxBinary(t), bin, 0o755)
	built := filepath.Join(env.Home, "go", "bin", "amux") // where go install writes, HOME-relative
	harness.CopyFile(t, harness.AmuxBinary(t), built, 0o755)
	impostor := filepath.Join(env.Home, "impostor")
	os.WriteFile(impostor, []byte("#!/bin/sh\necho 'not amux 1.0'\n"), 0o755)
	before := inodeOf(t, bin)

	term := harness.StartTerminal(t, env.Vars(), 80, 24, bin)
	term.WaitText("Projects")
	term.Press(t, app.ActPalette)
	term.WaitText("Commands")
	term.Type("install a new amux")
	term.Press(t, keys.ListChoose)
	term.WaitText("~/go/bin/amux") // offered
	term.Type(impostor)
	term.Press(t, keys.ListChoose)
	term.WaitText("Run and install")
	term.Press(t, keys.ConfirmYes)
	term.WaitText("not an amux build")
	term.EditField(t, "C-u")
	term.Type(filepath.Join(env.Home, "no-such-amux"))
	term.Press(t, keys.ListChoose)
	term.WaitText("Run and install")
	term.Press(t, keys.ConfirmYes)
	term.WaitText("does not exist")
	if _, err := os.Stat(bin + ".previous"); err == nil {
		t.Fatal("a refused candidate replaced the binary")
	}
	term.EditField(t, "C-u")
	term.Press(t, keys.ListChoose) // the offered row
	term.WaitText("Run and install")
	term.Press(t, keys.ConfirmYes)
	screen := term.WaitText("Restart amux now?")
	if !strings.Contains(screen, "kept at") {
		t.Fatalf("the backup is not named:\n%s", screen)
	}
	if inodeOf(t, bin) == before {
		t.Fatal("the live path was not replaced by a rename")
	}
	if _, err := os.Stat(bin + ".previous"); err != nil {
		t.Fatalf("no backup: %v", err)
	}
	term.Press(t, keys.ConfirmYes)
	term.WaitGone("Restart amux now?")
	term.WaitText("Projects") // the new binary is running
	if exited, _ := term.Exited(); exited {
		t.Fatal("amux did not come back after the restart")
	}
}
