package modelserver

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
)

// The Gemini API as Gemini CLI uses it with an API key and a custom base
// URL (GOOGLE_GEMINI_BASE_URL): POST
// /v1beta/models/{model}:streamGenerateContent?alt=sse answered with
// server-sent events, each a GenerateContentResponse (candidates whose
// content.parts hold text or a functionCall, usageMetadata, a finishReason
// on the last); POST …:generateContent for the CLI's own one-shot side
// questions (is it the model's turn again, which model to route to, a
// summary); POST …:countTokens. Failures are Google's JSON errors
// ({"error":{"code","message","status"}}).

// geminiRoutes registers the Gemini API's paths.
func geminiRoutes(s *Server, mux *http.ServeMux) {
	mux.HandleFunc("POST /v1beta/models/{call}", s.geminiModels)
	mux.HandleFunc("GET /v1beta/models", func(w http.ResponseWriter, r *http.Request) {
		s.Record(r)
		writeJSON(w, http.StatusOK, map[string]any{"models": []any{}})
	})
}

// geminiRequest is the part of a GenerateContentRequest the server reads.
type geminiRequest struct {
	Contents []struct {
		Role  string            `json:"role"`
		Parts []json.RawMessage `json:"parts"`
	} `json:"contents"`
	Tools []struct {
		FunctionDeclarations []struct {
			Name string `json:"name"`
		} `json:"functionDeclarations"`
	} `json:"tools"`
}

// GeminiTools returns the function names a recorded Gemini request offers
// (nil for any other request).
func GeminiTools(r Request) []string {
	var g geminiRequest
	if json.Unmarshal(r.Body, &g) != nil {
		return nil
	}
	var out []string
	for _, t := range g.Tools {
		for _, f := range t.FunctionDeclarations {
			out = append(out, f.Name)
		}
	}
	return out
}

func (s *Server) geminiModels(w http.ResponseWriter, r *http.Request) {
	model, method, _ := strings.Cut(r.PathValue("call"), ":")
	body := peekBody(r)
	switch method {
	case "streamGenerateContent":
	case "countTokens":
		s.Record(r)
		writeJSON(w, http.StatusOK, map[string]any{"totalTokens": 1 + len(body)/4})
		return
	case "generateContent":
		// The CLI's own one-shot questions: never a turn of the script.
		s.Record(r)
		writeJSON(w, http.StatusOK, geminiResponse(model, geminiSideParts(body), "STOP"))
		return
	default:
		s.Record(r)
		geminiError(w, Turn{Status: http.StatusNotFound})
		return
	}
	var req geminiRequest
	_ = json.Unmarshal(body, &req)
	if len(req.Tools) == 0 {
		// A streamed request without tools is a side question too
		// (a summary, a title): the agent's loop always offers its tools.
		s.Record(r)
		s.streamGemini(w, r, model, Turn{Text: "ok"})
		return
	}
	turn, _ := s.Next(r)
	switch {
	case turn.Hang:
		s.Hang(r)
	case turn.Status != 0:
		geminiError(w, turn)
	default:
		s.streamGemini(w, r, model, turn)
	}
}

// geminiSideParts answers a side question. The CLI asks for JSON shaped by
// a schema (the router's complexity score, the next-speaker check), so the
// answer fills the schema's required fields with plain values: the lowest
// score (the default model), "user" as the next speaker.
func geminiSideParts(body []byte) []map[string]any {
	var req struct {
		GenerationConfig struct {
			MimeType   string          `json:"responseMimeType"`
			JSONSchema json.RawMessage `json:"responseJsonSchema"`
			Schema     json.RawMessage `json:"responseSchema"`
		} `json:"generationConfig"`
	}
	_ = json.Unmarshal(body, &req)
	gc := req.GenerationConfig
	if gc.MimeType != "application/json" {
		return []map[string]any{{"text": "ok"}}
	}
	schema := gc.JSONSchema
	if len(schema) == 0 {
		schema = gc.Schema
	}
	b, _ := json.Marshal(geminiFill(schema, ""))
	return []map[string]any{{"text": string(b)}}
}

// geminiFill makes a value that satisfies a (Gemini-style) JSON schema.
func geminiFill(raw json.RawMessage, name string) any {
	var sc struct {
		Type       string                     `json:"type"`
		Enum       []string                   `json:"enum"`
		Properties map[string]json.RawMessage `json:"properties"`
		Required   []string                   `json:"required"`
	}
	_ = json.Unmarshal(raw, &sc)
	switch strings.ToLower(sc.Type) {
	case "object":
		out := map[string]any{}
		for _, k := range sc.Required {
			out[k] = geminiFill(sc.Properties[k], k)
		}
		return out
	case "integer", "number":
		return 1
	case "boolean":
		return false
	case "array":
		return []any{}
	}
	switch {
	case len(sc.Enum) > 0:
		return sc.Enum[0]
	case name == "next_speaker":
		return "user"
	}
	return "ok"
}

// streamGemini sends turn as server-sent events: the text in chunks paced
// over StreamFor, then the function call, then a finishReason with usage.
func (s *Server) streamGemini(w http.ResponseWriter, r *http.Request, model string, turn Turn) {
	flusher, _ := w.(http.Flusher)
	w.Header().Set("Content-Type", "text/event-stream")
	w.WriteHeader(http.StatusOK)
	send := func(v any) {
		b, _ := json.Marshal(v)
		fmt.Fprintf(w, "data: %s\r\n\r\n", b)
		if flusher != nil {
			flusher.Flush()
		}
	}
	chunks := Chunks(turn.Text, 3)
	for i, c := range chunks {
		last := i == len(chunks)-1 && turn.Tool == nil
		finish := ""
		if last {
			finish = "STOP"
		}
		send(geminiResponse(model, []map[string]any{{"text": c}}, finish))
		if !last && !s.Pace(r, turn.StreamFor, len(chunks)) {
			return
		}
	}
	if turn.Tool != nil {
		call := map[string]any{"name": turn.Tool.Name, "args": turn.Tool.Input}
		send(geminiResponse(model, []map[string]any{{"functionCall": call}}, "STOP"))
	} else if len(chunks) == 0 {
		send(geminiResponse(model, []map[string]any{{"text": ""}}, "STOP"))
	}
}

// geminiResponse is one GenerateContentResponse.
func geminiResponse(model string, parts []map[string]any, finish string) map[string]any {
	cand := map[string]any{"content": map[string]any{"role": "model", "parts": parts}, "index": 0}
	if finish != "" {
		cand["finishReason"] = finish
	}
	return map[string]any{
		"candidates":    []any{cand},
		"usageMetadata": map[string]any{"promptTokenCount": 10, "candidatesTokenCount": 5, "totalTokenCount": 15},
		"modelVersion":  model,
	}
}

// geminiError answers with Google's error body for the turn's status.
func geminiError(w http.ResponseWriter, turn Turn) {
	status := turn.Status
	code, msg := "INTERNAL", "An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting"
	switch status {
	case http.StatusTooManyRequests:
		code, msg = "RESOURCE_EXHAUSTED", "Resource has been exhausted (e.g. check quota)."
	case http.StatusServiceUnavailable:
		code, msg = "UNAVAILABLE", "The model is overloaded. Please try again later."
	case http.StatusNotFound:
		code, msg = "NOT_FOUND", "Requested entity was not found."
	case http.StatusBadRequest:
		code, msg = "INVALID_ARGUMENT", "Request contains an invalid argument."
	}
	e := map[string]any{"code": status, "message": msg, "status": code}
	if status == http.StatusTooManyRequests {
		// The API says how long to wait; the CLI honours it, which keeps
		// a retrying test short.
		e["details"] = []any{map[string]any{"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": strconv.Itoa(retryAfterSeconds(turn)) + "s"}}
	}
	writeJSON(w, status, map[string]any{"error": e})
}
