package modelserver

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
)

// The Anthropic Messages API as Claude Code uses it: POST
// /v1/messages?beta=true with "stream": true, answered with server-sent
// events (message_start, content_block_start, content_block_delta with
// text_delta or input_json_delta, content_block_stop, message_delta with the
// stop reason, message_stop); failures as {"type":"error","error":{…}}.
// Token counts (/v1/messages/count_tokens) are answered from the body's size.

// anthropicRoutes registers the Messages API's paths.
func anthropicRoutes(s *Server, mux *http.ServeMux) {
	mux.HandleFunc("POST /v1/messages", s.anthropicMessages)
	mux.HandleFunc("POST /v1/messages/count_tokens", func(w http.ResponseWriter, r *http.Request) {
		body := s.Record(r)
		writeJSON(w, http.StatusOK, map[string]any{"input_tokens": 1 + len(body)/4})
	})
}

// anthropicRequest is the part of a Messages request the server looks at.
type anthropicRequest struct {
	Model     string            `json:"model"`
	Stream    bool              `json:"stream"`
	MaxTokens int               `json:"max_tokens"`
	Tools     []json.RawMessage `json:"tools"`
	System    json.RawMessage   `json:"system"`
	Messages  []struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	} `json:"messages"`
}

// ToolNames lists the names of the tools a Messages request offers.
func (a anthropicRequest) ToolNames() []string {
	var out []string
	for _, raw := range a.Tools {
		var t struct {
			Name string `json:"name"`
		}
		if json.Unmarshal(raw, &t) == nil && t.Name != "" {
			out = append(out, t.Name)
		}
	}
	return out
}

// AnthropicTools returns the tool names offered by a recorded Messages
// request (nil for any other request).
func AnthropicTools(r Request) []string {
	var a anthropicRequest
	if json.Unmarshal(r.Body, &a) != nil {
		return nil
	}
	return a.ToolNames()
}

// isAnthropicSideRequest tells Claude Code's own side requests from the
// agent's turns: a title or topic summary, a quota probe, a bash-prefix
// check and the like go to the small model or offer no tools at all, while
// every turn of the agent's loop offers its tools. Side requests are
// answered without taking a turn of the script.
func isAnthropicSideRequest(a anthropicRequest) bool {
	return len(a.Tools) == 0
}

func (s *Server) anthropicMessages(w http.ResponseWriter, r *http.Request) {
	var req anthropicRequest
	var turn Turn
	// Peek at the body to tell a side request from a turn: only a turn
	// takes the script's next step.
	peek := peekBody(r)
	if json.Unmarshal(peek, &req) == nil && isAnthropicSideRequest(req) {
		s.Record(r)
		turn = s.sideTurn()
	} else {
		turn, _ = s.Next(r)
	}
	if req.Model == "" {
		req.Model = "claude-sonnet-4-5"
	}
	switch {
	case turn.Hang:
		s.Hang(r)
		return
	case turn.Status != 0:
		writeAnthropicError(w, turn)
		return
	}
	if !req.Stream {
		writeJSON(w, http.StatusOK, anthropicMessage(req.Model, turn))
		return
	}
	s.streamAnthropic(w, r, req.Model, turn)
}

// writeAnthropicError answers with the error body the API sends for the
// turn's status.
func writeAnthropicError(w http.ResponseWriter, turn Turn) {
	status := turn.Status
	kind, msg := "api_error", "Internal server error"
	switch status {
	case 529:
		kind, msg = "overloaded_error", "Overloaded"
	case http.StatusTooManyRequests:
		kind, msg = "rate_limit_error", "Number of request tokens has exceeded your per-minute rate limit"
		w.Header().Set("retry-after", strconv.Itoa(retryAfterSeconds(turn)))
	case http.StatusUnauthorized:
		kind, msg = "authentication_error", "invalid x-api-key"
	case http.StatusBadRequest:
		kind, msg = "invalid_request_error", "Invalid request"
	}
	w.Header().Set("request-id", replyID("req"))
	writeJSON(w, status, map[string]any{"type": "error", "error": map[string]any{"type": kind, "message": msg}})
}

// anthropicMessage is the whole reply of a non-streaming request.
func anthropicMessage(model string, turn Turn) map[string]any {
	var content []map[string]any
	if turn.Text != "" {
		content = append(content, map[string]any{"type": "text", "text": turn.Text})
	}
	stop := "end_turn"
	if turn.Tool != nil {
		content = append(content, map[string]any{"type": "tool_use", "id": replyID("toolu"),
			"name": turn.Tool.Name, "input": turn.Tool.Input})
		stop = "tool_use"
	}
	if content == nil {
		content = []map[string]any{}
	}
	return map[string]any{"id": replyID("msg"), "type": "message", "role": "assistant", "model": model,
		"content": content, "stop_reason": stop, "stop_sequence": nil,
		"usage": map[string]any{"input_tokens": 10, "output_tokens": 1 + len(turn.Text)/4}}
}

// streamAnthropic sends turn as the Messages API's event stream.
func (s *Server) streamAnthropic(w http.ResponseWriter, r *http.Request, model string, turn Turn) {
	flusher, _ := w.(http.Flusher)
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("request-id", replyID("req"))
	w.WriteHeader(http.StatusOK)
	send := func(event string, data map[string]any) {
		data["type"] = event
		b, _ := json.Marshal(data)
		fmt.Fprintf(w, "event: %s\ndata: %s\n\n", event, b)
		if flusher != nil {
			flusher.Flush()
		}
	}
	send("message_start", map[string]any{"message": map[string]any{
		"id": replyID("msg"), "type": "message", "role": "assistant", "model": model,
		"content": []any{}, "stop_reason": nil, "stop_sequence": nil,
		"usage": map[string]any{"input_tokens": 10, "output_tokens": 1},
	}})
	chunks := Chunks(turn.Text, 3)
	index := 0
	if len(chunks) > 0 {
		send("content_block_start", map[string]any{"index": index,
			"content_block": map[string]any{"type": "text", "text": ""}})
		for _, c := range chunks {
			if !s.Pace(r, turn.StreamFor, len(chunks)) {
				return
			}
			send("content_block_delta", map[string]any{"index": index,
				"delta": map[string]any{"type": "text_delta", "text": c}})
		}
		send("content_block_stop", map[string]any{"index": index})
		index++
	} else if !s.Pace(r, turn.StreamFor, 2) {
		return
	}
	stop := "end_turn"
	if turn.Tool != nil {
		stop = "tool_use"
		input, _ := json.Marshal(turn.Tool.Input)
		if turn.Tool.Input == nil {
			input = []byte("{}")
		}
		send("content_block_start", map[string]any{"index": index, "content_block": map[string]any{
			"type": "tool_use", "id": replyID("toolu"), "name": turn.Tool.Name, "input": map[string]any{}}})
		for _, part := range splitBytes(string(input), 24) {
			send("content_block_delta", map[string]any{"index": index,
				"delta": map[string]any{"type": "input_json_delta", "partial_json": part}})
		}
		send("content_block_stop", map[string]any{"index": index})
	}
	send("message_delta", map[string]any{"delta": map[string]any{"stop_reason": stop, "stop_sequence": nil},
		"usage": map[string]any{"output_tokens": 1 + len(turn.Text)/4}})
	send("message_stop", map[string]any{})
}

// sideTurn is the answer to a side request: a short text that every side
// request Claude Code makes can read (its topic check wants JSON, a title
// wants a few words).
func (s *Server) sideTurn() Turn {
	s.mu.Lock()
	defer s.mu.Unlock()
	return Turn{Text: s.side}
}

// SideReply sets what side requests (the CLI's own title, topic or quota
// requests, which take no turn of the script) are answered with.
func (s *Server) SideReply(text string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.side = text
}

func splitBytes(s string, n int) []string {
	var out []string
	for len(s) > n {
		out = append(out, s[:n])
		s = s[n:]
	}
	return append(out, s)
}
