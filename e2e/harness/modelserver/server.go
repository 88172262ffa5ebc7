// Package modelserver is a scripted model server for the e2e suite: an HTTP
// server on a loopback port that speaks each model API the way the real
// agent CLIs use it (Anthropic Messages, OpenAI Responses and chat
// completions, the Gemini API), driven by a per-test script of turns, and
// recording every request. With it the vendors' real CLIs run fully and
// offline, and a test can put each one in every state: streaming, a tool
// that needs the person's permission, a question, a retry banner, a hang.
//
// Each API lives in a file of its own (anthropic.go, openai.go, gemini.go)
// and registers its routes in Start; all of them take their behaviour from
// the one script through Server.Next.
package modelserver

import (
	"bytes"
	"context"
	"net"
	"net/http"
	"sync"
	"testing"
	"time"
)

// Turn is what the model does for one generation request.
type Turn struct {
	// Text is the reply, streamed in small chunks.
	Text string
	// StreamFor spreads the reply's chunks over this long (0: at once), so
	// a test can see the CLI working.
	StreamFor time.Duration
	// Tool, when set, makes the reply a request to call a tool (after Text,
	// if any): the CLI asks the person's permission for tools that need it.
	Tool *ToolCall
	// Status, when not 0, fails the request with this HTTP status (429,
	// 500, 529 for Anthropic's "overloaded"), so the CLI shows its retry
	// banner; Times says how many requests in a row fail (0: one).
	Status int
	Times  int
	// RetryAfter is how long a 429 tells the CLI to wait before trying
	// again, in whole seconds (0: one second). A longer wait keeps the
	// CLI's retry banner on screen long enough to be seen under load.
	RetryAfter time.Duration
	// Hang accepts the request and never answers until the client goes or
	// the test ends.
	Hang bool
}

// ToolCall is a tool the model asks the CLI to run.
type ToolCall struct {
	Name  string         // the CLI's own tool name (Bash, Edit, shell, run_shell_command…)
	Input map[string]any // its arguments, as the CLI's tool schema wants them
}

// Request is one request the server received.
type Request struct {
	At     time.Time
	Method string
	Path   string // with the query
	Header http.Header
	Body   []byte
	// Generation is true for a request that took a turn of the script.
	Generation bool
}

// Server is a running scripted model server.
type Server struct {
	t    testing.TB
	http *http.Server
	addr string
	stop chan struct{}

	mu       sync.Mutex
	script   []Turn
	fallback Turn
	side     string // the answer to a CLI's side requests (SideReply)
	reqs     []Request
	changed  chan struct{} // closed and replaced on every request
}

// Start runs a server on 127.0.0.1 for the test, closed in cleanup. Until
// Script is called, every generation answers "ok".
func Start(t testing.TB) *Server {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("modelserver: listen: %v", err)
	}
	s := &Server{t: t, addr: ln.Addr().String(), stop: make(chan struct{}),
		fallback: Turn{Text: "ok"}, changed: make(chan struct{})}
	mux := http.NewServeMux()
	s.routes(mux)
	s.http = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go s.http.Serve(ln)
	t.Cleanup(func() {
		close(s.stop) // releases hanging turns
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		s.http.Shutdown(ctx)
	})
	return s
}

// routes registers every API's paths. Each API file adds its own.
func (s *Server) routes(mux *http.ServeMux) {
	for _, api := range apis() {
		api(s, mux)
	}
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		s.record(r, false)
		http.NotFound(w, r)
	})
}

// apis lists the route installers of the APIs this server speaks.
func apis() []func(*Server, *http.ServeMux) {
	return []func(*Server, *http.ServeMux){
		anthropicRoutes,
		(*Server).openaiRoutes,
		geminiRoutes,
		openaiChatRoutes,
	}
}

// URL is the server's base URL, http://127.0.0.1:PORT (no trailing slash).
func (s *Server) URL() string { return "http://" + s.addr }

// Script queues turns: each generation request takes the next one; when
// they run out, every request gets a short text reply.
func (s *Server) Script(turns ...Turn) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.script = append(s.script, turns...)
}

// Next records a generation request and returns the turn it gets. An API
// handler calls it once per request that asks the model for a reply (not
// for token counts, model lists or telemetry, which it records with Record).
func (s *Server) Next(r *http.Request) (Turn, []byte) {
	body := s.record(r, true)
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.script) == 0 {
		return s.fallback, body
	}
	t := s.script[0]
	if t.Status != 0 && t.Times > 1 {
		s.script[0].Times--
	} else {
		s.script = s.script[1:]
	}
	return t, body
}

// Record records a request that takes no turn and returns its body.
func (s *Server) Record(r *http.Request) []byte { return s.record(r, false) }

func (s *Server) record(r *http.Request, generation bool) []byte {
	body := peekBody(r)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.reqs = append(s.reqs, Request{At: time.Now(), Method: r.Method, Path: r.URL.RequestURI(),
		Header: r.Header.Clone(), Body: body, Generation: generation})
	close(s.changed)
	s.changed = make(chan struct{})
	return body
}

// Requests returns every request received so far.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.reqs...)
}

// Generations returns the generation requests received so far.
func (s *Server) Generations() []Request {
	var out []Request
	for _, r := range s.Requests() {
		if r.Generation {
			out = append(out, r)
		}
	}
	return out
}

// WaitGenerations waits until n generation requests have arrived, failing
// the test after d.
func (s *Server) WaitGenerations(n int, d time.Duration) []Request {
	s.t.Helper()
	deadline := time.After(d)
	for {
		s.mu.Lock()
		ch := s.changed
		s.mu.Unlock()
		if g := s.Generations(); len(g) >= n {
			return g
		}
		select {
		case <-ch:
		case <-deadline:
			s.t.Fatalf("modelserver: waited %s for %d generation requests; got %d of %d requests:\n%s",
				d, n, len(s.Generations()), len(s.Requests()), s.describe())
		}
	}
}

func (s *Server) describe() string {
	var b bytes.Buffer
	for _, r := range s.Requests() {
		b.WriteString(r.Method + " " + r.Path + "\n")
	}
	return b.String()
}

// Hang blocks a hanging turn until the client goes away or the test ends.
func (s *Server) Hang(r *http.Request) {
	select {
	case <-r.Context().Done():
	case <-s.stop:
	}
}

// Pace sleeps between chunks of a streamed reply: d spread over n chunks.
// It returns false when the client went away or the test ended.
func (s *Server) Pace(r *http.Request, d time.Duration, n int) bool {
	if d <= 0 || n <= 1 {
		return true
	}
	select {
	case <-time.After(d / time.Duration(n)):
		return true
	case <-r.Context().Done():
		return false
	case <-s.stop:
		return false
	}
}

// Chunks splits text into streaming pieces of a few words.
func Chunks(text string, words int) []string {
	var out []string
	start, n := 0, 0
	for i, r := range text {
		if r == ' ' || r == '\n' {
			n++
			if n == words {
				out = append(out, text[start:i+1])
				start, n = i+1, 0
			}
		}
	}
	if start < len(text) {
		out = append(out, text[start:])
	}
	return out
}

// retryAfterSeconds is turn's RetryAfter as the header's whole seconds.
func retryAfterSeconds(turn Turn) int {
	if secs := int(turn.RetryAfter / time.Second); secs > 0 {
		return secs
	}
	return 1
}
