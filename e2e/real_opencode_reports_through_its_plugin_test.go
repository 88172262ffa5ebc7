package e2e

import (
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/e2e/harness/modelserver"
	"amux.dev/amux/status/vendorhooks"
	"amux.dev/amux/tmux"
)

// With amux's plugin installed among the real opencode's plugins, opencode
// itself tells amux what it does: its session busy (working), a permission
// asked (blocked, permission) and, once answered, its session idle (done)
// reach amux as reports.
func TestRealOpencodeReportsThroughItsPlugin(t *testing.T) {
	s := startOpencodeStoryAfter(t, harness.OpencodeOptions{}, func(env *harness.Env) {
		path := filepath.Join(env.Home, ".config", "opencode", "plugins", vendorhooks.OpencodePluginName)
		if _, err := vendorhooks.InstallOpencode(path, harness.AmuxBinary(t)); err != nil {
			t.Fatal(err)
		}
	})
	s.server.Script(
		modelserver.Turn{Tool: &modelserver.ToolCall{Name: "bash", Input: map[string]any{"command": "go vet ./..."}}},
		modelserver.Turn{Text: "All checked."},
	)
	reported := reportedLog(t, s.env)
	s.ask(t, "check it")
	if rec := s.waitRecord(t, "blocked", "reported", 1); rec.Kind != "permission" {
		t.Fatalf("blocked reported without its kind: %+v", rec)
	}
	s.waitText(t, "Allow once")
	s.term.KeyToProgram(t, "Enter") // allow once
	// The session's idle comes as opencode redraws its prompt: the done is
	// reported (the pane's record says so), and the quiet prompt says done
	// when the report looks older than the redraw.
	s.waitState(t, "done")
	// Each report reached the pane, in order; the busy one comes as the
	// busy footer shows, so the history has no change of its own for it.
	harness.Eventually(t, func() (bool, string) {
		got := strings.Join(reported(), ",")
		return strings.HasPrefix(got, "working,blocked,working") && strings.HasSuffix(got, "done"), "reports: " + got
	})
	harness.Eventually(t, func() (bool, string) {
		out := s.env.Server.MustRun(t, "list-panes", "-t", s.session, "-F", "#{"+tmux.PaneReportedState+"}|#{"+tmux.PaneReportedApp+"}")
		return strings.TrimSpace(out) == "done|opencode", "the pane's report is " + out
	})
}
