package e2e

import (
	"os"
	"strings"
	"testing"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/e2e/harness/modelserver"
	"amux.dev/amux/status/vendorhooks"
	"amux.dev/amux/tmux"
)

// amux's notify program in Codex's config.toml (vendorhooks.InstallCodex)
// runs when the real Codex completes a turn and reports done to amux: the
// pane's reported record carries the notify's message, and the tab is done
// by report.
func TestRealCodexReportsItsTurnDoneThroughNotify(t *testing.T) {
	s := startCodexStory(t, harness.CodexConfig{}, true, func(c *harness.RealCodex) {
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
	pane := func(opt string) string {
		return strings.TrimSpace(s.env.Server.MustRun(t, "display-message", "-p", "-t", tmux.ExactPane(agentSession(t, s.env)), "#{"+opt+"}"))
	}
	harness.Eventually(t, func() (bool, string) {
		msg := pane("@amux_reported_message")
		return pane("@amux_reported_state") == "done" && msg == "turn complete (notify)",
			"reported " + pane("@amux_reported_state") + " " + pane("@amux_reported_app") + " " + msg
	})
	s.waitState(t, harness.DefaultWait, "done")
	if app := pane("@amux_reported_app"); app != "codex" {
		t.Errorf("reported by %q, want codex", app)
	}
}
