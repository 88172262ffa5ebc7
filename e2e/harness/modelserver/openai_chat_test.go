package modelserver

import (
	"net/http"
	"strings"
	"testing"
)

const chatTurnBody = `{"model":"scripted","stream":true,"messages":[{"role":"user","content":"hi"}],
 "tools":[{"type":"function","function":{"name":"bash"}},{"type":"function","function":{"name":"edit"}}]}`

// The agent's turns stream the script as chat.completion.chunk events
// ending in [DONE]; a request without tools (a title) takes no turn.
func TestChatCompletionsStreamTheScript(t *testing.T) {
	s := Start(t)
	s.Script(
		Turn{Text: "one two three four"},
		Turn{Tool: &ToolCall{Name: "bash", Input: map[string]any{"command": "ls"}}},
		Turn{Status: http.StatusTooManyRequests},
	)
	post := func(body string) (int, string) { return geminiPost(t, s, "/v1/chat/completions", body) }

	if code, body := post(`{"model":"scripted","stream":true,"messages":[{"role":"system","content":"You are a title generator."}]}`); code != 200 || !strings.Contains(body, "[DONE]") {
		t.Fatalf("title request: %d %s", code, body)
	}
	_, body := post(chatTurnBody)
	for _, want := range []string{`"content":"one two three "`, `"content":"four"`, `"finish_reason":"stop"`, "data: [DONE]"} {
		if !strings.Contains(body, want) {
			t.Fatalf("text turn lacks %s:\n%s", want, body)
		}
	}
	_, body = post(chatTurnBody)
	if !strings.Contains(body, `"name":"bash"`) || !strings.Contains(body, `"arguments":"{\"command\":\"ls\"}"`) ||
		!strings.Contains(body, `"finish_reason":"tool_calls"`) {
		t.Fatalf("tool turn:\n%s", body)
	}
	code, body := post(chatTurnBody)
	if code != http.StatusTooManyRequests || !strings.Contains(body, "rate_limit_error") {
		t.Fatalf("failing turn: %d %s", code, body)
	}
	if n := len(s.Generations()); n != 3 {
		t.Fatalf("%d generations, want 3 (the title takes no turn)", n)
	}
	if got := ChatTools(s.Generations()[0]); strings.Join(got, ",") != "bash,edit" {
		t.Fatalf("tools %v", got)
	}
}
