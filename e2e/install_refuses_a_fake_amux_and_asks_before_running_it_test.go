package e2e

import (
	"os"
	"path/filepath"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
)

// A person picks a program that prints "amux 1.0" to install: amux asks
// before running it at all, then runs it once for amux's handshake, which
// only amux builds answer, and refuses it; the running binary is
// untouched.
func TestInstallRefusesAFakeAmuxAndAsksBeforeRunningIt(t *testing.T) {
	env := harness.NewEnv(t)
	bin := filepath.Join(t.TempDir(), "bin", "amux")
	harness.CopyFile(t, harness.AmuxBinary(t), bin, 0o755)
	ran := filepath.Join(env.Home, "fake-ran")
	fake := filepath.Join(env.Home, "fake-amux")
	if err := os.WriteFile(fake, []byte("#!/bin/sh\ntouch "+ran+"\necho 'amux 1.0'\n"), 0o755); err != nil {
		t.Fatal(err)
	}

	term := harness.StartTerminal(t, env.Vars(), 100, 30, bin)
	term.WaitText("Projects")
	term.Press(t, app.ActPalette)
	term.WaitText("Commands")
	term.Type("install a new amux")
	term.Press(t, keys.ListChoose)
	term.WaitText("Install a new amux binary")
	term.Type(fake)
	term.Press(t, keys.ListChoose)
	term.WaitText("Run and install")
	term.WaitText("--internal-handshake")
	if harness.Exists(ran) {
		t.Fatal("the candidate ran before the person confirmed")
	}
	term.Press(t, keys.ConfirmYes)
	term.WaitText("not an amux build")
	if !harness.Exists(ran) {
		t.Fatal("the candidate was refused without being checked")
	}
	if harness.Exists(bin + ".previous") {
		t.Fatal("a refused candidate replaced the binary")
	}
	harness.Eventually(t, func() (bool, string) {
		b, _ := os.ReadFile(filepath.Join(env.StateHome, "logs", "amux.log"))
		return harness.ContainsAll(string(b), "install amux binary", "outcome=refused"), "the log lacks the refusal:\n" + string(b)
	})
}
