package e2e

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/e2e/harness/modelserver"
	"amux.dev/amux/status/events"
	"amux.dev/amux/status/screenrules"
	"amux.dev/amux/ui/keys"
)

// amux's Claude Code hooks, installed from the palette into the test HOME's
// ~/.claude/settings.json, run inside the real Claude Code and tell amux
// each state themselves: a submitted prompt is working, the permission
// notification blocked (permission), the allowed tool working again, the
// end of the turn done — every one from source "reported". Claude Code's own
// protocol reports are off and amux's screen rules for claude are replaced
// by none, so nothing but the hooks can say so.
func TestRealClaudeHooksReportEveryState(t *testing.T) {
	c := newRealClaude(t, claudeOptions{before: func(c *realClaude) {
		dir := filepath.Join(c.env.StateHome, screenrules.DirName)
		if err := os.MkdirAll(dir, 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "claude.toml"), []byte("mode = \"replace\"\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		c.term.Press(t, app.ActPalette)
		c.term.WaitText("Commands")
		c.term.Type("install claude")
		c.term.Press(t, keys.ListChoose)
		c.term.WaitText("hooks installed")
	}})
	c.open(t)
	c.ready(t)
	_, n := c.waitRecord(t, 0, "idle", "")

	reported := func(state, kind string) {
		t.Helper()
		var rec events.Record
		rec, n = c.waitRecord(t, n, state, kind)
		if rec.Source != "reported" {
			t.Fatalf("%s from %s, want reported (by a hook):\n%s", state, rec.Source, c.describeHistory(t))
		}
	}
	c.model.Script(
		modelserver.Turn{Text: "Building.", StreamFor: 2 * time.Second, Tool: &modelserver.ToolCall{Name: "Bash",
			Input: map[string]any{"command": "touch built.txt", "description": "Mark the build"}}},
		// Streamed slowly, so the working that PostToolUse reports lasts
		// until Stop's done rather than a fraction of a poll.
		modelserver.Turn{Text: "Built the shop and marked the build; the next step can find the marker now.",
			StreamFor: 3 * time.Second})
	c.say(t, "build it")
	reported("working", "") // UserPromptSubmit
	c.waitPane(t, "Do you want to proceed?")
	reported("blocked", "permission") // Notification, permission_prompt
	c.term.WaitText("blocked (permission)")
	c.choose(t, "Do you want to proceed?")
	reported("working", "") // PostToolUse
	reported("done", "")    // Stop
	if !harness.Exists(filepath.Join(c.worktree, "built.txt")) {
		t.Fatal("the allowed command did not run")
	}
	t.Logf("history:\n%s", c.describeHistory(t))
}
