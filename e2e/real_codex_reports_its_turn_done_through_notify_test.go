package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/e2e/harness/modelserver"
	"amux.dev/amux/status"
	"amux.dev/amux/status/events"
	"amux.dev/amux/status/vendorhooks"
)

// amux's notify program in Codex's config.toml (vendorhooks.InstallCodex)
// runs when the real Codex completes a turn and reports done to amux
// (`amux report --state done … (notify)`), and the tab is done by report.
func TestRealCodexReportsItsTurnDoneThroughNotify(t *testing.T) {
	// The amux the notify runs is a wrapper that logs its arguments, then
	// runs amux: the log is the proof Codex ran amux's notify line. (The
	// tap's options are no proof: Codex 0.169 also reports done itself
	// (OSC 7501, as the same app), and two reports that land together are
	// published as the later one.)
	dir := t.TempDir()
	ran := filepath.Join(dir, "ran.log")
	wrapper := filepath.Join(dir, "amux")
	script := "#!/bin/sh\nprintf '%s\\n' \"$*\" >> " + status.ShellQuote(ran) + "\nexec " +
		status.ShellQuote(harness.AmuxBinary(t)) + " \"$@\"\n"
	if err := os.WriteFile(wrapper, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	s := startCodexStory(t, harness.CodexConfig{AmuxBin: wrapper}, true, func(c *harness.RealCodex) {
		if _, err := vendorhooks.InstallCodex(c.ConfigPath(), harness.AmuxBinary(t)); err != nil {
			t.Fatal(err)
		}
		if b, _ := os.ReadFile(c.ConfigPath()); !strings.Contains(string(b), vendorhooks.Marker) {
			t.Fatalf("no notify line in:\n%s", b)
		}
	})
	s.model.Script(modelserver.Turn{Text: "All done here."})
	s.prompt(t, "Finish up")
	s.waitScreen(t, codexStart, "All done here.")
	harness.Eventually(t, func() (bool, string) {
		b, _ := os.ReadFile(ran)
		return strings.Contains(string(b), "report --state done --app codex --message turn complete (notify)"),
			"the notify program did not run amux report; amux ran as:\n" + string(b)
	})
	s.waitState(t, harness.DefaultWait, "done")
	s.waitTransition(t, harness.DefaultWait, "done", func(r events.Record) bool { return r.Source == "reported" })
}
