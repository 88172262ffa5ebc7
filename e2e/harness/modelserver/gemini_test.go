package modelserver

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

// geminiPost posts a Gemini API body to path and returns status and body.
func geminiPost(t *testing.T, s *Server, path, body string) (int, string) {
	t.Helper()
	resp, err := http.Post(s.URL()+path, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

const geminiTurnBody = `{"contents":[{"role":"user","parts":[{"text":"hi"}]}],
 "tools":[{"functionDeclarations":[{"name":"run_shell_command"},{"name":"ask_user"}]}]}`

// The agent's turns stream the script as Gemini's server-sent events; the
// CLI's side questions (routing, token counts) are answered without
// taking a turn.
func TestGeminiStreamsTheScriptAndAnswersSideRequests(t *testing.T) {
	s := Start(t)
	s.Script(
		Turn{Text: "one two three four"},
		Turn{Tool: &ToolCall{Name: "run_shell_command", Input: map[string]any{"command": "ls"}}},
		Turn{Status: http.StatusTooManyRequests},
	)
	const stream = "/v1beta/models/gemini-x:streamGenerateContent?alt=sse"

	// A routing question asks for JSON by schema; it gets a JSON object
	// and the script stays where it was.
	code, body := geminiPost(t, s, "/v1beta/models/flash-lite:generateContent",
		`{"generationConfig":{"responseMimeType":"application/json","responseJsonSchema":{"type":"OBJECT",
		"properties":{"complexity_score":{"type":"INTEGER"}},"required":["complexity_score"]}}}`)
	if code != 200 || !strings.Contains(body, `complexity_score\":1`) {
		t.Fatalf("side request: %d %s", code, body)
	}
	if code, body := geminiPost(t, s, "/v1beta/models/gemini-x:countTokens", `{}`); code != 200 || !strings.Contains(body, "totalTokens") {
		t.Fatalf("countTokens: %d %s", code, body)
	}

	_, body = geminiPost(t, s, stream, geminiTurnBody)
	var text strings.Builder
	for _, ev := range geminiEvents(t, body) {
		for _, p := range ev.Candidates[0].Content.Parts {
			text.WriteString(p.Text)
		}
	}
	if text.String() != "one two three four" || !strings.Contains(body, `"finishReason":"STOP"`) {
		t.Fatalf("text turn: %s", body)
	}

	_, body = geminiPost(t, s, stream, geminiTurnBody)
	if !strings.Contains(body, `"functionCall":{"args":{"command":"ls"},"name":"run_shell_command"}`) {
		t.Fatalf("tool turn: %s", body)
	}

	code, body = geminiPost(t, s, stream, geminiTurnBody)
	if code != http.StatusTooManyRequests || !strings.Contains(body, "RESOURCE_EXHAUSTED") {
		t.Fatalf("failing turn: %d %s", code, body)
	}
	if n := len(s.Generations()); n != 3 {
		t.Fatalf("%d generations recorded, want 3 (side requests take no turn)", n)
	}
	if got := GeminiTools(s.Generations()[0]); strings.Join(got, ",") != "run_shell_command,ask_user" {
		t.Fatalf("tools %v", got)
	}
}

type geminiEvent struct {
	Candidates []struct {
		Content struct {
			Parts []struct {
				Text string `json:"text"`
			} `json:"parts"`
		} `json:"content"`
	} `json:"candidates"`
}

func geminiEvents(t *testing.T, body string) []geminiEvent {
	t.Helper()
	var out []geminiEvent
	for line := range strings.SplitSeq(body, "\n") {
		data, ok := strings.CutPrefix(strings.TrimSpace(line), "data: ")
		if !ok {
			continue
		}
		var ev geminiEvent
		if err := json.Unmarshal([]byte(data), &ev); err != nil || len(ev.Candidates) == 0 {
			t.Fatalf("event %q: %v", data, err)
		}
		out = append(out, ev)
	}
	return out
}
