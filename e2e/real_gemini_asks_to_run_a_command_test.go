package e2e

import (
	"testing"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/e2e/harness/modelserver"
)

// The real Gemini CLI asks before it runs a shell command the model
// wants: amux shows the tab blocked on permission, naming the command.
func TestRealGeminiAsksToRunACommand(t *testing.T) {
	s := startGeminiStory(t, harness.GeminiOptions{})
	s.server.Script(modelserver.Turn{Text: "Running the tests.", Tool: &modelserver.ToolCall{
		Name:  "run_shell_command",
		Input: map[string]any{"command": "go test ./...", "description": "Run the tests"},
	}})
	s.ask(t, "run the tests")
	rec := s.waitState(t, "blocked")
	if rec.Kind != "permission" || rec.Message != "Shell go test ./..." {
		t.Fatalf("blocked for the wrong reason: %+v", rec)
	}
	s.waitText(t, "◆ blocked (permission): Shell go test ./...")
	s.waitBadge(t, "◆")
}
