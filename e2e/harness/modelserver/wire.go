package modelserver

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
)

// What every API's handler shares: JSON replies, request bodies read
// twice (the handler's look, then the record), and reply ids.

// writeJSON answers with v as JSON and the status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// peekBody reads a request's body (capped) and puts it back for Next or
// Record.
func peekBody(r *http.Request) []byte {
	body, _ := io.ReadAll(io.LimitReader(r.Body, 64<<20))
	r.Body = io.NopCloser(bytes.NewReader(body))
	return body
}

// replyID names an object of a reply (a message, an item, a call): random,
// so ids never repeat within a test without a counter to share.
func replyID(prefix string) string {
	return fmt.Sprintf("%s_%016x", prefix, rand.Uint64())
}
