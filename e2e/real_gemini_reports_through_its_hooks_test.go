package e2e

import (
	"strings"
	"testing"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/e2e/harness/modelserver"
	"amux.dev/amux/status/vendorhooks"
	"amux.dev/amux/tmux"
)

// With amux's hooks installed in the real Gemini CLI's settings, Gemini
// itself tells amux what it does: its turn starting (working), a tool
// waiting for approval (blocked, permission), the tool done (working) and
// the turn's end (done) reach amux as reported states.
func TestRealGeminiReportsThroughItsHooks(t *testing.T) {
	s := startGeminiStoryAfter(t, harness.GeminiOptions{}, func(g *harness.Gemini) {
		if _, err := vendorhooks.InstallGemini(g.SettingsPath(), harness.AmuxBinary(t)); err != nil {
			t.Fatal(err)
		}
	})
	s.server.Script(
		modelserver.Turn{Tool: &modelserver.ToolCall{Name: "run_shell_command",
			Input: map[string]any{"command": "go vet ./...", "description": "Check"}}},
		modelserver.Turn{Text: "All checked."},
	)
	reported := reportedLog(t, s.env)
	s.ask(t, "check it")
	if rec := s.waitRecord(t, "blocked", "reported", 1); rec.Kind != "permission" {
		t.Fatalf("blocked reported without its kind: %+v", rec)
	}
	s.waitState(t, "blocked")
	s.waitText(t, "Allow once")
	s.term.KeyToProgram(t, "Enter") // allow once
	// The tool's end (working) and the turn's (done) are reported within
	// a second, so a poll may see only the second; and Gemini redraws just
	// after its AfterAgent hook, where a done report older than the output
	// after it is stale and the quiet prompt on screen says done instead.
	// Either way the pane's record says done.
	s.waitState(t, "done")
	// Each hook's report reached the pane, in order (the monitor may see
	// two that come within a second as one change).
	harness.Eventually(t, func() (bool, string) {
		got := strings.Join(reported(), ",")
		return strings.HasPrefix(got, "working,blocked,working") && strings.HasSuffix(got, "done"), "reports: " + got
	})
	harness.Eventually(t, func() (bool, string) {
		got := strings.TrimSpace(s.env.Server.MustRun(t, "list-panes", "-t", s.session, "-F", "#{"+tmux.PaneReportedState+"}"))
		return got == "done", "the pane's reported state is " + got
	})
}
