package e2e

import (
	"slices"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/e2e/harness/modelserver"
	"amux.dev/amux/tmux"
)

// BenchmarkRealCodexStateLatency measures how long amux takes to show what
// the real Codex is doing, each op one turn:
//   - working: from the Enter that submits a prompt (Codex's screen shows
//     "Working" at once) to @amux_agent_state working;
//   - blocked: from the model server sending a command that needs approval
//     (after a reply streamed for a moment, so that working lasts long
//     enough to be seen) to the tag blocked, and to amux's tab bar showing
//     "◆ blocked";
//   - done: from the server ending the reply that follows (the approved
//     command's result, streamed for a while) to the tag done.
//
// The targets are a 1 s median and a 2 s p95. Run with
// `go test ./e2e -run '^$' -bench RealCodexStateLatency -benchtime 8x`.
func BenchmarkRealCodexStateLatency(b *testing.B) {
	const stream = 1500 * time.Millisecond
	s := startCodexStory(b, harness.CodexConfig{}, true)
	s.waitScreen(b, codexStart, "? for shortcuts")
	s.waitState(b, codexStart, "idle")
	var working, reported, blocked, badge, done []time.Duration
	for i := 0; b.Loop(); i++ {
		s.model.Script(
			modelserver.Turn{Text: "Let me check first; this part streams.", StreamFor: stream, Tool: harness.CodexCommand("true")},
			modelserver.Turn{Text: "The command ran; this reply streams for a moment before the turn ends.", StreamFor: stream},
		)
		before := len(s.model.Generations())
		prompt := "turn " + string(rune('a'+i%26))
		s.term.Type(prompt)
		s.waitScreen(b, harness.DefaultWait, "› "+prompt)
		submitted := time.Now()
		s.term.KeyToProgram(b, "Enter")
		var reportedAt time.Time
		sawReport := func() {
			if reportedAt.IsZero() && s.reported(b) == "working" {
				reportedAt = time.Now()
			}
		}
		working = append(working, s.tagAt(b, "working", sawReport).Sub(submitted))
		if !reportedAt.IsZero() {
			reported = append(reported, reportedAt.Sub(submitted))
		}

		asked := s.model.WaitGenerations(before+1, harness.DefaultWait)[before].At.Add(stream)
		var shown time.Time
		sawBadge := func() {
			if shown.IsZero() && strings.Contains(s.term.Screen(), "◆ blocked (permission)") {
				shown = time.Now()
			}
		}
		tagged := s.tagAt(b, "blocked", sawBadge)
		for deadline := time.Now().Add(harness.DefaultWait); shown.IsZero() && time.Now().Before(deadline); {
			sawBadge()
			time.Sleep(10 * time.Millisecond) // the poll interval
		}
		if shown.IsZero() {
			b.Fatalf("the tab bar never said blocked:\n%s", s.term.Screen())
		}
		blocked, badge = append(blocked, tagged.Sub(asked)), append(badge, shown.Sub(asked))

		s.term.Type("y")
		replied := s.model.WaitGenerations(before+2, harness.DefaultWait)[before+1].At.Add(stream)
		done = append(done, s.tagAt(b, "done", nil).Sub(replied))
	}
	report := func(name string, ds []time.Duration) {
		slices.Sort(ds)
		ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
		b.ReportMetric(ms(ds[len(ds)/2]), name+"_p50_ms")
		b.ReportMetric(ms(ds[min(len(ds)-1, len(ds)*95/100)]), name+"_p95_ms")
	}
	report("working", working)
	if len(reported) > 0 {
		report("working_reported", reported) // Codex's own OSC 7501 report reaching the pane option
	}
	report("blocked", blocked)
	report("blocked_badge", badge)
	report("done", done)
}

// tagAt polls @amux_agent_state until it is want and returns when it was
// first seen (within a poll, 10 ms); also runs on every poll, if given.
func (s *codexStory) tagAt(b *testing.B, want string, also func()) time.Time {
	b.Helper()
	deadline := time.Now().Add(harness.DefaultWait)
	for time.Now().Before(deadline) {
		if s.state(b) == want {
			return time.Now()
		}
		if also != nil {
			also()
		}
		time.Sleep(10 * time.Millisecond) // the poll interval: what is measured is far longer
	}
	b.Fatalf("@amux_agent_state never became %s; screen:\n%s", want, s.term.Screen())
	return time.Time{}
}

// reported is the agent pane's @amux_reported_state: what the tap took
// from the program's own reports, before the monitor publishes it.
func (s *codexStory) reported(b *testing.B) string {
	out, _ := s.env.Server.Run(b.Context(), "display-message", "-p", "-t", tmux.ExactPane(s.session(b)), "#{"+tmux.PaneReportedState+"}")
	return strings.TrimSpace(out)
}
