package e2e

import (
	"strings"
	"testing"
	"time"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/e2e/harness/modelserver"
)

// BenchmarkRealOpencodeStateLatency is BenchmarkRealGeminiStateLatency for
// the real opencode: from its "esc interrupt" footer appearing (working),
// its permission dialog (blocked) and the footer going at the turn's end
// (done) to @amux_agent_state and the tab's badge.
//
// Run: go test ./e2e -run XXX -bench RealOpencodeStateLatency -benchtime 5x
func BenchmarkRealOpencodeStateLatency(b *testing.B) {
	s := startOpencodeStory(b, harness.OpencodeOptions{})
	s.waitReady(b)
	lat := latencies{}
	busy := func(p string) bool { return strings.Contains(p, "esc interrupt") }
	for b.Loop() {
		s.server.Script(modelserver.Turn{Text: "Reading the code and thinking it over for a while.", StreamFor: 3 * time.Second})
		s.ask(b, "look around")
		lat.measure(b, s, "working", busy, "working", tabSpinnerFrames)
		lat.measure(b, s, "done", func(p string) bool { return !busy(p) && strings.Contains(p, "for a while.") }, "done", "")

		s.server.Script(modelserver.Turn{Text: "Running it.", Tool: &modelserver.ToolCall{
			Name: "bash", Input: map[string]any{"command": "go vet ./..."}}})
		s.waitState(b, "idle")
		s.ask(b, "vet it")
		lat.measure(b, s, "blocked", func(p string) bool { return strings.Contains(p, "Permission required") }, "blocked", "◆")
		s.term.KeyToProgram(b, "Escape") // reject: the turn ends, opencode waits again
		s.waitState(b, "idle")
	}
	lat.report(b, "working-tag", "working-badge", "blocked-tag", "blocked-badge", "done-tag")
}
