package e2e

import (
	"slices"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/e2e/harness/modelserver"
)

// BenchmarkRealClaudeScreenToState is how long after the real Claude Code's
// screen changes amux publishes the state it means (issue 20: 1 s median,
// 2 s p95): each iteration is one turn — the prompt taken (working), a
// Bash permission dialog (blocked), the composer back after it was allowed
// (done) — with Claude Code's screen and @amux_agent_state read together
// every few milliseconds. It reports the median and p95 of each edge.
//
// Run: go test ./e2e -run XXX -bench RealClaudeScreenToState -benchtime 10x
func BenchmarkRealClaudeScreenToState(b *testing.B) {
	c := newRealClaude(b, claudeOptions{})
	c.open(b)
	c.ready(b)
	took := map[string][]time.Duration{}
	for b.Loop() {
		c.model.Script(
			modelserver.Turn{Text: "Building the shop first, then marking the build so the next step can find it.",
				StreamFor: 2 * time.Second, Tool: &modelserver.ToolCall{Name: "Bash",
					Input: map[string]any{"command": "touch built.txt", "description": "Mark the build"}}},
			modelserver.Turn{Text: "Built."})
		c.say(b, "build it")
		took["working"] = append(took["working"], c.edge(b, "working", func(s string) bool { return strings.Contains(s, "esc to interrupt") }))
		took["blocked"] = append(took["blocked"], c.edge(b, "blocked", func(s string) bool { return strings.Contains(s, "Do you want to proceed?") }))
		c.choose(b, "Do you want to proceed?")
		took["done"] = append(took["done"], c.edge(b, "done", func(s string) bool {
			return strings.Contains(s, "? for shortcuts") && strings.Contains(s, "Built.")
		}))
	}
	for _, edge := range []string{"working", "blocked", "done"} {
		d := took[edge]
		slices.Sort(d)
		b.ReportMetric(float64(d[len(d)/2].Microseconds())/1e3, edge+"-median-ms")
		b.ReportMetric(float64(d[(len(d)*95+99)/100-1].Microseconds())/1e3, edge+"-p95-ms")
	}
}

// edge waits until Claude Code's screen shows what shows(screen) looks for
// and then until amux publishes state, and returns the time between the
// two, both read in one loop every few milliseconds.
func (c *realClaude) edge(b testing.TB, state string, shows func(screen string) bool) time.Duration {
	b.Helper()
	var seen time.Time
	deadline := time.Now().Add(realWait)
	for time.Now().Before(deadline) {
		if seen.IsZero() && shows(c.pane(b)) {
			seen = time.Now()
		}
		if c.published(b) == state && !seen.IsZero() {
			return time.Since(seen)
		}
		time.Sleep(5 * time.Millisecond)
	}
	b.Fatalf("no %s edge (screen seen: %v, published %q); history:\n%s\nscreen:\n%s\namux:\n%s", state, !seen.IsZero(), c.published(b), c.describeHistory(b), c.pane(b), c.term.Screen())
	return 0
}
