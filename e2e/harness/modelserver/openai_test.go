package modelserver

import (
	"bufio"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"
)

// postResponses sends a Responses request shaped like Codex's and returns
// the status and the events' payloads.
func postResponses(t *testing.T, s *Server, body string) (int, []map[string]any) {
	t.Helper()
	resp, err := http.Post(s.URL()+"/v1/responses", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var events []map[string]any
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		data, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok {
			continue
		}
		var ev map[string]any
		if err := json.Unmarshal([]byte(data), &ev); err != nil {
			t.Fatalf("event %q: %v", data, err)
		}
		events = append(events, ev)
	}
	return resp.StatusCode, events
}

const codexTurn = `{"model":"gpt-5.5","stream":true,"input":[{"type":"message","role":"user","content":[{"type":"input_text","text":"hi"}]}],"text":{"verbosity":"low"}}`

const codexTitle = `{"model":"gpt-5.5","stream":true,"input":[{"type":"message","role":"user","content":[{"type":"input_text","text":"Generate a title"}]}],"text":{"format":{"type":"json_schema","name":"codex_output_schema"}}}`

func types(events []map[string]any) string {
	var out []string
	for _, e := range events {
		out = append(out, e["type"].(string))
	}
	return strings.Join(out, " ")
}

// doneItem returns the item of the nth response.output_item.done event.
func doneItem(t *testing.T, events []map[string]any, n int) map[string]any {
	t.Helper()
	for _, e := range events {
		if e["type"] == "response.output_item.done" {
			if n == 0 {
				return e["item"].(map[string]any)
			}
			n--
		}
	}
	t.Fatalf("no output_item.done %d in %s", n, types(events))
	return nil
}

func TestOpenAIResponsesStreamsTextThenATool(t *testing.T) {
	s := Start(t)
	s.Script(
		Turn{Text: "one two three four five six seven", StreamFor: 300 * time.Millisecond,
			Tool: &ToolCall{Name: "exec_command", Input: map[string]any{"cmd": "touch x"}}},
		Turn{Tool: &ToolCall{Name: "apply_patch", Input: map[string]any{"input": "*** Begin Patch\n*** End Patch\n"}}},
	)

	// The title request beside the turn takes no turn of the script.
	if _, ev := postResponses(t, s, codexTitle); !strings.Contains(doneItem(t, ev, 0)["content"].([]any)[0].(map[string]any)["text"].(string), "title") {
		t.Fatalf("title request got %v", ev)
	}

	start := time.Now()
	status, ev := postResponses(t, s, codexTurn)
	if status != http.StatusOK {
		t.Fatalf("status %d", status)
	}
	if took := time.Since(start); took < 200*time.Millisecond {
		t.Errorf("a reply streamed over 300ms arrived in %s", took)
	}
	want := "response.created response.output_item.added response.output_text.delta response.output_text.delta response.output_text.delta response.output_item.done response.output_item.added response.output_item.done response.completed"
	if got := types(ev); got != want {
		t.Fatalf("events:\n got %s\nwant %s", got, want)
	}
	msg := doneItem(t, ev, 0)
	if text := msg["content"].([]any)[0].(map[string]any)["text"]; text != "one two three four five six seven" {
		t.Errorf("message text %q", text)
	}
	call := doneItem(t, ev, 1)
	if call["type"] != "function_call" || call["name"] != "exec_command" || call["arguments"] != `{"cmd":"touch x"}` || call["call_id"] == "" {
		t.Errorf("function call %v", call)
	}

	_, ev = postResponses(t, s, codexTurn)
	if patch := doneItem(t, ev, 0); patch["type"] != "custom_tool_call" || patch["input"] != "*** Begin Patch\n*** End Patch\n" {
		t.Errorf("apply_patch call %v", patch)
	}
	if n := len(s.Generations()); n != 2 {
		t.Errorf("%d generations recorded, want 2 (the title is a side request)", n)
	}
}

func TestOpenAIResponsesFailsAsScripted(t *testing.T) {
	s := Start(t)
	s.Script(Turn{Status: 429, Times: 2}, Turn{Status: 500}, Turn{Text: "back"})
	for _, want := range []int{429, 429, 500} {
		resp, err := http.Post(s.URL()+"/v1/responses", "application/json", strings.NewReader(codexTurn))
		if err != nil {
			t.Fatal(err)
		}
		var body struct {
			Error struct{ Type, Message string }
		}
		json.NewDecoder(resp.Body).Decode(&body)
		resp.Body.Close()
		if resp.StatusCode != want || body.Error.Message == "" {
			t.Errorf("status %d (%+v), want %d with an error body", resp.StatusCode, body, want)
		}
	}
	if _, ev := postResponses(t, s, codexTurn); doneItem(t, ev, 0)["content"].([]any)[0].(map[string]any)["text"] != "back" {
		t.Errorf("after the failures: %v", ev)
	}
	// A request that is not a streaming generation takes no turn.
	resp, _ := http.Post(s.URL()+"/v1/responses", "application/json", strings.NewReader(`{"stream":false}`))
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest || len(s.Generations()) != 4 {
		t.Errorf("non-streaming request: status %d, %d generations", resp.StatusCode, len(s.Generations()))
	}
}
