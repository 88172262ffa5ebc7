package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/e2e/harness/modelserver"
	"amux.dev/amux/status/events"
	"amux.dev/amux/status/vendorhooks"
	"amux.dev/amux/tmux"
)

// amux's notify program in Codex's config.toml (vendorhooks.InstallCodex)
// runs when the real Codex completes a turn and reports done to amux: the
// tap records the notify's report (its message says where it came from),
// and the tab is done by report.
func TestRealCodexReportsItsTurnDoneThroughNotify(t *testing.T) {
	s := startCodexStory(t, harness.CodexConfig{}, true, func(c *harness.RealCodex) {
		if _, err := vendorhooks.InstallCodex(c.ConfigPath(), harness.AmuxBinary(t)); err != nil {
			t.Fatal(err)
		}
		if b, _ := os.ReadFile(c.ConfigPath()); !strings.Contains(string(b), vendorhooks.Marker) {
			t.Fatalf("no notify line in:\n%s", b)
		}
	})
	// Every option write on amux's server, logged: Codex 0.169 also reports
	// done itself (OSC 7501, as the same app), so the notify's record may be
	// replaced a moment after it lands; the log keeps the proof that it did.
	writes := filepath.Join(t.TempDir(), "writes.log")
	s.env.Server.MustRun(t, "set-hook", "-ga", "after-set-option",
		"run-shell \"printf '%s\\\\n' '#{hook_arguments}' >> "+writes+"\"")
	s.model.Script(modelserver.Turn{Text: "All done here."})
	s.prompt(t, "Finish up")
	s.waitScreen(t, codexStart, "All done here.")
	harness.Eventually(t, func() (bool, string) {
		b, _ := os.ReadFile(writes)
		return strings.Contains(string(b), tmux.PaneReportedMessage+` "turn complete (notify)"`),
			"no report from the notify program among the writes:\n" + string(b)
	})
	s.waitState(t, harness.DefaultWait, "done")
	s.waitTransition(t, harness.DefaultWait, "done", func(r events.Record) bool { return r.Source == "reported" })
}
