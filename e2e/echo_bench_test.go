package e2e

import (
	"testing"
	"time"

	"amux.dev/amux/e2e/harness"
)

// BenchmarkEchoThroughAmux measures keystroke-to-echo latency end to end:
// amux runs on a PTY of its own (200×50), a raw-mode fake agent echoes what
// it reads, and the clock stops when the echoed character comes out of
// amux's side of the PTY — key, amux's input path, tmux, the agent, tmux,
// the embedded terminal, and Bubble Tea's renderer, all counted.
// Target: median ≤ 5 ms, p95 ≤ 12 ms.
// Run: go test ./e2e -run XXX -bench EchoThroughAmux -benchtime 200x
func BenchmarkEchoThroughAmux(b *testing.B) {
	env := harness.NewEnv(b)
	agent := harness.PrepareFakeAgent(b)
	a := startPTYAmux(b, env, map[string]string{"fake": agent.ShellCommand()})
	a.send("n")
	a.send("bench")
	a.send("\r")
	a.drain(2 * time.Second)
	a.openAgent("fake", agent)

	var lat []time.Duration
	keys := []byte("abcdefghijklmnopqrstuvwxyz")
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		lat = append(lat, a.echo(keys[i%len(keys)]))
		a.drain(20 * time.Millisecond) // let the frame settle before the next key
	}
	b.StopTimer()
	med, p95 := percentiles(lat)
	b.ReportMetric(med, "median-ms")
	b.ReportMetric(p95, "p95-ms")
}
