package modelserver

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"time"
)

// OpenAI chat completions as an OpenAI-compatible provider serves them
// (opencode's custom providers through @ai-sdk/openai-compatible): POST
// /v1/chat/completions with "stream": true, answered with server-sent
// events of chat.completion.chunk objects (choices[0].delta holds content
// or tool_calls, the last chunk a finish_reason and usage) and "data:
// [DONE]" (GET /v1/models is the Responses API file's). Failures are OpenAI's JSON
// errors ({"error":{"message","type","code"}}).

// openaiChatRoutes registers the chat completions API's paths.
func openaiChatRoutes(s *Server, mux *http.ServeMux) {
	mux.HandleFunc("POST /v1/chat/completions", s.openaiChat)
}

// chatRequest is the part of a chat completions request the server reads.
type chatRequest struct {
	Model  string            `json:"model"`
	Stream bool              `json:"stream"`
	Tools  []json.RawMessage `json:"tools"`
}

// ChatTools returns the function names a recorded chat completions
// request offers (nil for any other request).
func ChatTools(r Request) []string {
	var c chatRequest
	if json.Unmarshal(r.Body, &c) != nil {
		return nil
	}
	var out []string
	for _, raw := range c.Tools {
		var t struct {
			Function struct {
				Name string `json:"name"`
			} `json:"function"`
		}
		if json.Unmarshal(raw, &t) == nil && t.Function.Name != "" {
			out = append(out, t.Function.Name)
		}
	}
	return out
}

func (s *Server) openaiChat(w http.ResponseWriter, r *http.Request) {
	body := peekBody(r)
	var req chatRequest
	_ = json.Unmarshal(body, &req)
	var turn Turn
	if len(req.Tools) == 0 {
		// A request without tools is the CLI's own (a session title, a
		// summary): the agent's loop always offers its tools.
		s.Record(r)
		turn = Turn{Text: "Scripted session"}
	} else {
		turn, _ = s.Next(r)
	}
	switch {
	case turn.Hang:
		s.Hang(r)
		return
	case turn.Status != 0:
		chatError(w, turn)
		return
	}
	id := replyID("chatcmpl")
	if !req.Stream {
		writeJSON(w, http.StatusOK, chatWhole(id, req.Model, turn))
		return
	}
	s.streamChat(w, r, id, req.Model, turn)
}

// streamChat sends turn as chat.completion.chunk events.
func (s *Server) streamChat(w http.ResponseWriter, r *http.Request, id, model string, turn Turn) {
	flusher, _ := w.(http.Flusher)
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	send := func(delta map[string]any, finish any, usage any) {
		chunk := map[string]any{"id": id, "object": "chat.completion.chunk", "created": time.Now().Unix(), "model": model,
			"choices": []any{map[string]any{"index": 0, "delta": delta, "finish_reason": finish}}}
		if usage != nil {
			chunk["usage"] = usage
		}
		b, _ := json.Marshal(chunk)
		fmt.Fprintf(w, "data: %s\n\n", b)
		if flusher != nil {
			flusher.Flush()
		}
	}
	send(map[string]any{"role": "assistant", "content": ""}, nil, nil)
	chunks := Chunks(turn.Text, 3)
	for i, c := range chunks {
		send(map[string]any{"content": c}, nil, nil)
		if i < len(chunks)-1 && !s.Pace(r, turn.StreamFor, len(chunks)) {
			return
		}
	}
	finish := "stop"
	if turn.Tool != nil {
		args, _ := json.Marshal(turn.Tool.Input)
		send(map[string]any{"tool_calls": []any{map[string]any{"index": 0, "id": id + "-call", "type": "function",
			"function": map[string]any{"name": turn.Tool.Name, "arguments": string(args)}}}}, nil, nil)
		finish = "tool_calls"
	}
	send(map[string]any{}, finish, map[string]any{"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15})
	fmt.Fprint(w, "data: [DONE]\n\n")
	if flusher != nil {
		flusher.Flush()
	}
}

// chatWhole is the reply of a request that did not ask to stream.
func chatWhole(id, model string, turn Turn) map[string]any {
	msg := map[string]any{"role": "assistant", "content": turn.Text}
	finish := "stop"
	if turn.Tool != nil {
		args, _ := json.Marshal(turn.Tool.Input)
		msg["tool_calls"] = []any{map[string]any{"id": id + "-call", "type": "function",
			"function": map[string]any{"name": turn.Tool.Name, "arguments": string(args)}}}
		finish = "tool_calls"
	}
	return map[string]any{"id": id, "object": "chat.completion", "created": time.Now().Unix(), "model": model,
		"choices": []any{map[string]any{"index": 0, "message": msg, "finish_reason": finish}},
		"usage":   map[string]any{"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}}
}

// chatError answers with OpenAI's error body for the turn's status.
func chatError(w http.ResponseWriter, turn Turn) {
	status := turn.Status
	kind, code, msg := "server_error", "server_error", "The server had an error while processing your request."
	switch status {
	case http.StatusBadRequest:
		kind, code, msg = "invalid_request_error", "invalid_request", "Invalid request: the scripted model refuses this conversation."
	case http.StatusUnauthorized:
		kind, code, msg = "invalid_request_error", "invalid_api_key", "Incorrect API key provided."
	case http.StatusTooManyRequests:
		kind, code, msg = "rate_limit_error", "rate_limit_exceeded", "Rate limit reached for requests."
		w.Header().Set("retry-after", strconv.Itoa(retryAfterSeconds(turn)))
	case http.StatusServiceUnavailable:
		kind, code, msg = "server_error", "overloaded", "The engine is currently overloaded, please try again later."
	}
	writeJSON(w, status, map[string]any{"error": map[string]any{"message": msg, "type": kind, "code": code, "param": nil}})
}
