package e2e

import (
	"testing"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/e2e/harness/modelserver"
)

// The model asks the person a question through the real Gemini CLI's
// ask_user tool: amux shows the tab blocked on that question.
func TestRealGeminiAsksThePersonAQuestion(t *testing.T) {
	s := startGeminiStory(t, harness.GeminiOptions{})
	s.server.Script(modelserver.Turn{Tool: &modelserver.ToolCall{Name: "ask_user", Input: map[string]any{
		"questions": []any{map[string]any{
			"question": "Which database should I use?", "header": "Database", "type": "choice",
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
