package e2e

import (
	"testing"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/e2e/harness/modelserver"
)

// The model asks the person a question through the real opencode's
// question tool: amux shows the tab blocked on that question.
func TestRealOpencodeAsksThePersonAQuestion(t *testing.T) {
	s := startOpencodeStory(t, harness.OpencodeOptions{})
	s.server.Script(modelserver.Turn{Tool: &modelserver.ToolCall{Name: "question", Input: map[string]any{
		"questions": []any{map[string]any{
			"question": "Which database should I use?", "header": "Database",
			"options": []any{
				map[string]any{"label": "Postgres", "description": "Relational"},
				map[string]any{"label": "SQLite", "description": "Embedded"},
			},
		}},
	}}})
	s.ask(t, "add storage")
	rec := s.waitState(t, "blocked")
	if rec.Kind != "question" || rec.Message != "Which database should I use?" {
		t.Fatalf("blocked for the wrong reason: %+v", rec)
	}
	s.waitText(t, "◆ blocked (question): Which database should I use?")
}
