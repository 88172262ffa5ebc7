package e2e

import (
	"testing"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/e2e/harness/modelserver"
)

// The real opencode, configured to ask before shell commands, asks before
// it runs the one the model wants: amux shows the tab blocked on
// permission, naming the command.
func TestRealOpencodeAsksToRunACommand(t *testing.T) {
	s := startOpencodeStory(t, harness.OpencodeOptions{})
	s.server.Script(modelserver.Turn{Text: "Running the tests.", Tool: &modelserver.ToolCall{
		Name: "bash", Input: map[string]any{"command": "go test ./..."},
	}})
	s.ask(t, "run the tests")
	rec := s.waitState(t, "blocked")
	if rec.Kind != "permission" || rec.Message != "$ go test ./..." {
		t.Fatalf("blocked for the wrong reason: %+v", rec)
	}
	s.waitText(t, "◆ blocked (permission): $ go test ./...")
	s.waitBadge(t, "◆")
}
