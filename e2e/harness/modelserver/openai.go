package modelserver

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
)

// This file speaks the OpenAI Responses API as Codex CLI uses it: a
// generation is `POST /v1/responses` with "stream": true, answered with
// server-sent events — response.created, then per output item
// response.output_item.added, its deltas and response.output_item.done, then
// response.completed. Codex builds its transcript from the *.done items and
// shows the text deltas as they come. (Codex 0.169 accepts only
// wire_api = "responses"; chat completions, which opencode uses, are not
// served here.)

// openaiRoutes registers the Responses API. Anything else under /v1 that
// Codex asks for (the model list) gets a canned answer and takes no turn.
func (s *Server) openaiRoutes(mux *http.ServeMux) {
	mux.HandleFunc("POST /v1/responses", s.openaiResponses)
	mux.HandleFunc("GET /v1/models", func(w http.ResponseWriter, r *http.Request) {
		s.Record(r)
		writeJSON(w, http.StatusOK, map[string]any{"object": "list", "data": []any{
			map[string]any{"id": OpenAIModel, "object": "model", "created": 0, "owned_by": "modelserver"},
		}})
	})
}

// OpenAIModel is the model name tests configure; any name is answered.
const OpenAIModel = "gpt-5.5"

// openaiRequest is the part of a Responses request the server looks at.
type openaiRequest struct {
	Stream bool              `json:"stream"`
	Input  []json.RawMessage `json:"input"`
	Text   struct {
		Format *struct {
			Type string `json:"type"`
		} `json:"format"`
	} `json:"text"`
}

// side reports a request Codex makes beside the conversation: it asks for
// structured output (a json_schema text format) only for its side tasks —
// the thread's title, sent alongside the first turn's request — never for
// the turn itself.
func (q openaiRequest) side() bool {
	return q.Text.Format != nil && q.Text.Format.Type == "json_schema"
}

// openaiSideReply is the canned answer to a side request: a title.
const openaiSideReply = `{"title":"Scripted task"}`

// openaiResponses answers one POST /v1/responses. A request without
// "stream": true or without input is refused and takes no turn; a side
// request gets a canned title and takes no turn either.
func (s *Server) openaiResponses(w http.ResponseWriter, r *http.Request) {
	var req openaiRequest
	if err := json.Unmarshal(peekBody(r), &req); err != nil || !req.Stream || len(req.Input) == 0 {
		s.Record(r)
		writeJSON(w, http.StatusBadRequest, openaiError("invalid_request_error", "modelserver: want a streaming request with input"))
		return
	}
	var turn Turn
	if req.side() {
		s.Record(r)
		turn = Turn{Text: openaiSideReply}
	} else {
		turn, _ = s.Next(r)
	}
	switch {
	case turn.Hang:
		s.Hang(r)
		return
	case turn.Status != 0:
		openaiFail(w, turn)
		return
	}
	sse := newSSE(w)
	if sse == nil {
		return
	}
	respID := replyID("resp")
	sse.event("response.created", map[string]any{"type": "response.created",
		"response": map[string]any{"id": respID, "object": "response", "status": "in_progress", "model": OpenAIModel}})
	index := 0
	if turn.Text != "" {
		if !s.openaiMessage(r, sse, index, turn) {
			return
		}
		index++
	}
	if turn.Tool != nil {
		s.openaiToolCall(sse, index, *turn.Tool)
	}
	sse.event("response.completed", map[string]any{"type": "response.completed",
		"response": map[string]any{"id": respID, "object": "response", "status": "completed", "model": OpenAIModel,
			"usage": map[string]any{"input_tokens": 100, "input_tokens_details": map[string]any{"cached_tokens": 0},
				"output_tokens": 20, "output_tokens_details": map[string]any{"reasoning_tokens": 0}, "total_tokens": 120}}})
}

// openaiMessage streams turn.Text as one assistant message, paced over
// turn.StreamFor; false when the client went away.
func (s *Server) openaiMessage(r *http.Request, sse *sseWriter, index int, turn Turn) bool {
	id := replyID("msg")
	sse.event("response.output_item.added", map[string]any{"type": "response.output_item.added", "output_index": index,
		"item": map[string]any{"type": "message", "id": id, "role": "assistant", "status": "in_progress", "content": []any{}}})
	chunks := Chunks(turn.Text, 3)
	for _, c := range chunks {
		sse.event("response.output_text.delta", map[string]any{"type": "response.output_text.delta",
			"item_id": id, "output_index": index, "content_index": 0, "delta": c})
		if !s.Pace(r, turn.StreamFor, len(chunks)) {
			return false
		}
	}
	sse.event("response.output_item.done", map[string]any{"type": "response.output_item.done", "output_index": index,
		"item": map[string]any{"type": "message", "id": id, "role": "assistant", "status": "completed",
			"content": []any{map[string]any{"type": "output_text", "text": turn.Text, "annotations": []any{}}}}})
	return true
}

// openaiToolCall sends a function call. Codex's apply_patch is a freeform
// ("custom") tool taking the patch as raw text: a ToolCall named
// apply_patch with an "input" string is sent as a custom_tool_call.
func (s *Server) openaiToolCall(sse *sseWriter, index int, tc ToolCall) {
	callID := replyID("call")
	var item map[string]any
	if raw, ok := tc.Input["input"].(string); ok && len(tc.Input) == 1 {
		item = map[string]any{"type": "custom_tool_call", "id": replyID("ctc"), "call_id": callID,
			"name": tc.Name, "input": raw, "status": "completed"}
	} else {
		args, _ := json.Marshal(tc.Input)
		item = map[string]any{"type": "function_call", "id": replyID("fc"), "call_id": callID,
			"name": tc.Name, "arguments": string(args), "status": "completed"}
	}
	sse.event("response.output_item.added", map[string]any{"type": "response.output_item.added", "output_index": index, "item": item})
	sse.event("response.output_item.done", map[string]any{"type": "response.output_item.done", "output_index": index, "item": item})
}

// openaiFail answers with an HTTP error in the API's error shape. A 429
// says rate_limit_exceeded (which Codex retries), never insufficient_quota
// (which it does not).
func openaiFail(w http.ResponseWriter, turn Turn) {
	status := turn.Status
	typ, msg := "server_error", "modelserver: scripted server error"
	if status == http.StatusTooManyRequests {
		typ, msg = "rate_limit_exceeded", "modelserver: scripted rate limit"
		w.Header().Set("Retry-After", strconv.Itoa(retryAfterSeconds(turn)))
	}
	writeJSON(w, status, openaiError(typ, msg))
}

func openaiError(typ, msg string) map[string]any {
	return map[string]any{"error": map[string]any{"type": typ, "code": typ, "message": msg, "param": nil}}
}

// writeJSON answers with v as JSON.

// sseWriter writes server-sent events, flushing each one.
type sseWriter struct {
	w http.ResponseWriter
	f http.Flusher
}

func newSSE(w http.ResponseWriter) *sseWriter {
	f, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "modelserver: no streaming", http.StatusInternalServerError)
		return nil
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	f.Flush()
	return &sseWriter{w: w, f: f}
}

// event writes one event named name with data as its JSON payload.
func (e *sseWriter) event(name string, data any) {
	b, _ := json.Marshal(data)
	fmt.Fprintf(e.w, "event: %s\ndata: %s\n\n", name, strings.ReplaceAll(string(b), "\n", ""))
	e.f.Flush()
}
