package e2e

import (
	"slices"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/e2e/harness/modelserver"
)

// BenchmarkRealGeminiStateLatency is how long after the real Gemini CLI's
// screen changes amux publishes the state it means (issue 20: 1 s median,
// 2 s p95): its busy footer appearing (working), a tool approval dialog
// (blocked), the footer going at the turn's end (done). Each round sends
// two tasks to one Gemini session; Gemini's own pane (on amux's tmux
// server), @amux_agent_state and amux's tab bar are read in one loop every
// 10 ms, so each number is from the first poll that saw the screen change
// to the first that saw the tag (and, for working and blocked, the badge).
//
// Run: go test ./e2e -run XXX -bench RealGeminiStateLatency -benchtime 5x
func BenchmarkRealGeminiStateLatency(b *testing.B) {
	s := startGeminiStory(b, harness.GeminiOptions{})
	s.waitReady(b)
	lat := latencies{}
	measure := func(name string, screen func(string) bool, state, badge string) {
		b.Helper()
		lat.measure(b, s, name, screen, state, badge)
	}
	busy := func(p string) bool { return strings.Contains(p, "(esc to cancel") }
	for b.Loop() {
		s.server.Script(modelserver.Turn{Text: "Reading the code and thinking it over for a while.", StreamFor: 3 * time.Second})
		s.ask(b, "look around")
		measure("working", busy, "working", tabSpinnerFrames)
		measure("done", func(p string) bool { return !busy(p) && strings.Contains(p, "for a while.") }, "done", "")

		s.server.Script(modelserver.Turn{Text: "Running it.", Tool: &modelserver.ToolCall{
			Name: "run_shell_command", Input: map[string]any{"command": "go vet ./...", "description": "Vet"}}})
		s.waitState(b, "idle") // the done window passed: the next working is a change
		s.ask(b, "vet it")
		measure("blocked", func(p string) bool { return strings.Contains(p, "Allow execution of") }, "blocked", "◆")
		s.term.KeyToProgram(b, "Escape") // no: the turn ends, Gemini waits again
		s.waitState(b, "idle")
	}
	lat.report(b, "working-tag", "working-badge", "blocked-tag", "blocked-badge", "done-tag")
}

// badgeCell is what the tab bar shows before "1 <assistant>" on amux's
// screen.
func (s *cliTab) badgeCell(t testing.TB) string {
	screen := s.term.Screen()
	i := strings.Index(screen, " 1 "+s.name+" ")
	if i < 0 {
		return ""
	}
	j := strings.LastIndexAny(screen[:i], "┃│\n")
	return screen[j+1 : i]
}

// latencies are the measured delays, by what changed.
type latencies map[string][]time.Duration

// measure waits for a screen change of the tab's CLI (screen, on the
// CLI's own pane), @amux_agent_state reading state and, unless badge is
// "", one of badge's glyphs before the tab's name; and records how long
// after the first poll that saw the screen change the first poll saw the
// tag, and the badge. Everything is read in one loop every 10 ms.
func (lat latencies) measure(b *testing.B, s *cliTab, name string, screen func(string) bool, state, badge string) {
	b.Helper()
	var sawScreen, sawTag, sawBadge time.Time
	deadline := time.Now().Add(harness.RealWait)
	for sawScreen.IsZero() || sawTag.IsZero() || (badge != "" && sawBadge.IsZero()) {
		if time.Now().After(deadline) {
			b.Fatalf("%s: screen %v tag %v badge %v; pane:\n%s", name, sawScreen, sawTag, sawBadge, s.pane(b))
		}
		now := time.Now()
		if sawScreen.IsZero() && screen(s.pane(b)) {
			sawScreen = now
		}
		if sawTag.IsZero() && s.agentState(b) == state {
			sawTag = now
		}
		if badge != "" && sawBadge.IsZero() && strings.ContainsAny(s.badgeCell(b), badge) {
			sawBadge = now
		}
		time.Sleep(10 * time.Millisecond)
	}
	lat[name+"-tag"] = append(lat[name+"-tag"], max(sawTag.Sub(sawScreen), 0))
	if badge != "" {
		lat[name+"-badge"] = append(lat[name+"-badge"], max(sawBadge.Sub(sawScreen), 0))
	}
}

// report gives each named series' median and p95 as metrics.
func (lat latencies) report(b *testing.B, names ...string) {
	for _, name := range names {
		d := lat[name]
		slices.Sort(d)
		b.ReportMetric(ms(d[len(d)/2]), name+"-median-ms")
		b.ReportMetric(ms(d[min(len(d)-1, len(d)*95/100)]), name+"-p95-ms")
	}
}
