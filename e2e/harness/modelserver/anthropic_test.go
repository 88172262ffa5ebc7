package modelserver

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

// post sends a Messages request and returns the response.
func post(t *testing.T, s *Server, path, body string) *http.Response {
	t.Helper()
	resp, err := http.Post(s.URL()+path, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return resp
}

// events reads a server-sent event stream into (event, data) pairs.
func events(t *testing.T, r io.Reader) (names []string, data []map[string]any) {
	t.Helper()
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := sc.Text()
		if ev, ok := strings.CutPrefix(line, "event: "); ok {
			names = append(names, ev)
		}
		if d, ok := strings.CutPrefix(line, "data: "); ok {
			var m map[string]any
			if err := json.Unmarshal([]byte(d), &m); err != nil {
				t.Fatalf("data %q: %v", d, err)
			}
			data = append(data, m)
		}
	}
	return names, data
}

const agentTurn = `{"model":"claude-opus-5-5","stream":true,"max_tokens":100,"tools":[{"name":"Bash"},{"name":"Edit"}],"messages":[{"role":"user","content":"hi"}]}`

// A turn of the agent streams its text and then a tool call the way the
// Messages API does; a side request (no tools: a title, a quota probe)
// takes no turn of the script; a failing turn answers with the API's
// error body and status.
func TestAnthropicStreamsTurnsAndLeavesSideRequestsOut(t *testing.T) {
	s := Start(t)
	s.SideReply(`{"title":"side"}`)
	s.Script(
		Turn{Text: "Running the tests now.", Tool: &ToolCall{Name: "Bash", Input: map[string]any{"command": "go test ./..."}}},
		Turn{Status: 529},
	)

	side := post(t, s, "/v1/messages?beta=true", `{"model":"claude-haiku","max_tokens":10,"messages":[{"role":"user","content":"title?"}]}`)
	var msg map[string]any
	json.NewDecoder(side.Body).Decode(&msg)
	if content, _ := msg["content"].([]any); len(content) != 1 || content[0].(map[string]any)["text"] != `{"title":"side"}` {
		t.Fatalf("side request answered %v", msg)
	}

	resp := post(t, s, "/v1/messages?beta=true", agentTurn)
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("content type %q", ct)
	}
	names, data := events(t, resp.Body)
	want := "message_start content_block_start content_block_delta content_block_delta content_block_stop content_block_start"
	if got := strings.Join(names, " "); !strings.HasPrefix(got, want) || !strings.HasSuffix(got, "content_block_stop message_delta message_stop") {
		t.Fatalf("events %s", got)
	}
	var text, input string
	for _, d := range data {
		delta, _ := d["delta"].(map[string]any)
		text += str(delta["text"])
		input += str(delta["partial_json"])
	}
	if text != "Running the tests now." || input != `{"command":"go test ./..."}` {
		t.Fatalf("text %q, tool input %q", text, input)
	}
	if stop := data[len(data)-2]["delta"].(map[string]any)["stop_reason"]; stop != "tool_use" {
		t.Fatalf("stop reason %v", stop)
	}

	failed := post(t, s, "/v1/messages?beta=true", agentTurn)
	var apiErr struct {
		Type  string `json:"type"`
		Error struct{ Type, Message string }
	}
	json.NewDecoder(failed.Body).Decode(&apiErr)
	if failed.StatusCode != 529 || apiErr.Type != "error" || apiErr.Error.Type != "overloaded_error" {
		t.Fatalf("status %d, body %+v", failed.StatusCode, apiErr)
	}

	count := post(t, s, "/v1/messages/count_tokens", agentTurn)
	var tokens map[string]int
	json.NewDecoder(count.Body).Decode(&tokens)
	if tokens["input_tokens"] <= 0 {
		t.Fatalf("token count %v", tokens)
	}

	if g := s.Generations(); len(g) != 2 || len(AnthropicTools(g[0])) != 2 {
		t.Fatalf("%d generations (want the two turns only), tools %v", len(g), AnthropicTools(g[0]))
	}
	if n := len(s.Requests()); n != 4 {
		t.Fatalf("%d requests recorded, want 4", n)
	}
}

func str(v any) string {
	s, _ := v.(string)
	return s
}
