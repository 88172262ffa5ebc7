package dialogs

import (
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/config/selfupdate"
)

// The install dialog runs the picked candidate's handshake only after the
// confirm; a program that is no amux build is refused back into the
// picker with why, and after an install the restart is a request for the
// root.
func TestTheInstallDialogRefusesANonAmuxBuildAndAsksForARestart(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "amux")
	if err := os.WriteFile(bin, []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	cand := filepath.Join(dir, "not-amux")
	if err := os.WriteFile(cand, []byte("#!/bin/sh\necho hello\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	o := NewInstall(dialogTestKit(t), bin, slog.New(slog.DiscardHandler), dir, dir)
	for _, r := range cand {
		o.Update(dialogKey(string(r)))
	}
	o.Update(dialogKey("enter"))
	if o.stage != 2 || o.chosen != cand {
		t.Fatalf("the picked path did not reach the confirm (stage %d, chosen %q)", o.stage, o.chosen)
	}
	install, _ := o.Update(dialogKey("enter"))
	if !o.Waiting() {
		t.Fatal("the dialog does not spin while it checks the candidate")
	}
	settleDialog(t, o, install)
	if v := o.View(120, 40); o.stage != 0 || !strings.Contains(v, "not an amux build") {
		t.Fatalf("the refused candidate is not back in the picker with why (stage %d):\n%s", o.stage, v)
	}

	o.chosen = cand
	o.Update(binaryInstalledMsg{res: selfupdate.Result{Version: "v0.9.0"}})
	if o.stage != 4 {
		t.Fatalf("after an install the dialog is at stage %d, want the restart question", o.stage)
	}
	if _, out := o.Update(dialogKey("enter")); len(out.Do) != 1 || out.Do[0] != (RestartRequest{}) {
		t.Fatalf("restart asked for %+v, want a restart request", out)
	}
}
