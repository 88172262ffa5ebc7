package e2e

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/e2e/harness/modelserver"
	"amux.dev/amux/status/events"
)

// One session of the real Claude Code, driven by the scripted model through
// every state a turn can be in, each read by amux from Claude Code's own
// screen: the composer is idle; a streaming answer is working and its end
// done; a shell command, an edit and a new file each wait for permission
// (blocked, naming the tool or the file) and go on once allowed; a question
// is blocked (question); retries after server errors are working with the
// retry banner as the reason; a turn given up on is error with Claude Code's
// message; /exit is the end, with its status.
func TestRealClaudeEveryTurnStateReadFromItsScreen(t *testing.T) {
	c := newRealClaude(t, claudeOptions{})
	c.open(t)
	c.ready(t)
	_, n := c.waitRecord(t, 0, "idle", "")

	step := func(name string) { t.Logf("— %s (after record %d)", name, n) }
	expect := func(state, kind, message string) {
		t.Helper()
		var rec events.Record
		rec, n = c.waitRecord(t, n, state, kind)
		if rec.Source != "screen" && state != "done" {
			t.Fatalf("%s from %s, want the screen:\n%s", state, rec.Source, c.describeHistory(t))
		}
		if !strings.HasPrefix(rec.Message, message) { // a long message wraps with the pane's width
			t.Fatalf("%s with %q, want %q:\n%s", state, rec.Message, message, c.describeHistory(t))
		}
	}

	step("a streamed answer")
	c.model.Script(modelserver.Turn{Text: "The scanner runs once a second and captures only the panes whose activity changed.",
		StreamFor: 4 * time.Second})
	c.say(t, "explain the scanner")
	expect("working", "", "")
	c.waitPane(t, "captures only the panes")
	expect("done", "", "")
	// The tools the rest of the story asks for are Claude Code's own.
	tools := modelserver.AnthropicTools(c.model.Generations()[0])
	for _, want := range []string{"Bash", "Edit", "Write", "Read", "AskUserQuestion"} {
		if !slices.Contains(tools, want) {
			t.Fatalf("Claude Code %s offers no %s tool: %v", c.cli.Version, want, tools)
		}
	}

	step("a shell command asks permission")
	c.model.Script(
		modelserver.Turn{Text: "Building.", Tool: &modelserver.ToolCall{Name: "Bash",
			Input: map[string]any{"command": "touch built.txt", "description": "Mark the build"}}},
		modelserver.Turn{Text: "Built."})
	c.say(t, "build it")
	expect("blocked", "permission", "Bash command")
	c.term.WaitText("blocked (permission): Bash command")
	c.choose(t, "Do you want to proceed?") // 1. Yes
	expect("done", "", "")
	if !harness.Exists(filepath.Join(c.worktree, "built.txt")) {
		t.Fatal("the allowed command did not run")
	}

	step("an edit asks permission, naming the file")
	readme := filepath.Join(c.worktree, "README.md")
	c.model.Script(
		modelserver.Turn{Tool: &modelserver.ToolCall{Name: "Read", Input: map[string]any{"file_path": readme}}},
		modelserver.Turn{Text: "Editing.", Tool: &modelserver.ToolCall{Name: "Edit", Input: map[string]any{
			"file_path": readme, "old_string": "# shop", "new_string": "# shop\n\nThe shop's storefront."}}},
		modelserver.Turn{Text: "Edited."})
	c.say(t, "describe the shop in the readme")
	expect("blocked", "permission", "Do you want to make this edit to README.md?")
	c.choose(t, "Do you want to make this edit to README.md?")
	expect("done", "", "")
	if b, _ := os.ReadFile(readme); !strings.Contains(string(b), "storefront") {
		t.Fatalf("README.md after the allowed edit: %q", b)
	}

	step("a new file asks permission, naming it")
	c.model.Script(
		modelserver.Turn{Text: "Writing.", Tool: &modelserver.ToolCall{Name: "Write", Input: map[string]any{
			"file_path": filepath.Join(c.worktree, "NOTES.md"), "content": "# Notes\n"}}},
		modelserver.Turn{Text: "Written."})
	c.say(t, "start the notes")
	expect("blocked", "permission", "Do you want to create NOTES.md?")
	c.choose(t, "Do you want to create NOTES.md?")
	expect("done", "", "")

	step("a question")
	c.model.Script(
		modelserver.Turn{Text: "One question first.", Tool: &modelserver.ToolCall{Name: "AskUserQuestion", Input: map[string]any{
			"questions": []any{map[string]any{"question": "Which store should the scan lease live in?", "header": "Storage",
				"multiSelect": false, "options": []any{
					map[string]any{"label": "Server options", "description": "One tmux option per field"},
					map[string]any{"label": "A lock file", "description": "Under the state home"}}}}}}},
		modelserver.Turn{Text: "Server options it is."})
	c.say(t, "plan the lease")
	expect("blocked", "question", "Which store should the scan lease live in?")
	c.term.WaitText("blocked (question): Which store")
	c.choose(t, "Enter to select")
	expect("done", "", "")

	step("retries after server errors")
	c.model.Script(modelserver.Turn{Status: 500, Times: 3}, modelserver.Turn{Text: "Recovered."})
	c.say(t, "try the flaky endpoint")
	expect("working", "", "")
	c.waitPane(t, "retrying in")
	// amux's own account of the tab: working because of the retry banner.
	c.term.LeaveTerminal(t)
	c.term.Press(t, app.ActStatus)
	c.term.WaitText("rule claude/retry-banner")
	c.term.Press(t, app.ActCloseStatus)
	c.waitPane(t, "Recovered.")
	expect("done", "", "")

	step("a turn given up on")
	c.model.Script(modelserver.Turn{Status: 529, Times: 10})
	c.say(t, "once more")
	expect("error", "", "API Error: Repeated 529 Overloaded errors.")
	c.term.WaitText("error: API Error: Repeated 529")

	step("/exit")
	c.say(t, "/exit")
	rec, _ := c.waitRecord(t, n, "stopped", "")
	if rec.Source != "exit" || rec.Exit == nil || *rec.Exit != 0 {
		t.Fatalf("the end: %+v", rec)
	}
	c.term.WaitText("exited")
	t.Logf("history:\n%s", c.describeHistory(t))
}
