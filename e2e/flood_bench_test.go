package e2e

import (
	"testing"
	"time"

	"amux.dev/amux/e2e/harness"
)

// BenchmarkFloodThroughAmux floods 20 MB of coloured output through real
// amux (200×50) and measures (DESIGN, "Performance we design for"):
//   - focused: amux's CPU while the visible tab floods (target ≤ 0.45 s);
//   - background: echo latency in the visible tab while a hidden tab floods
//     (target p95 ≤ 50 ms), and amux's CPU meanwhile.
//
// Run: go test ./e2e -run XXX -bench FloodThroughAmux -benchtime 1x
func BenchmarkFloodThroughAmux(b *testing.B) {
	env := harness.NewEnv(b)
	flooder, typist := harness.PrepareFakeAgent(b), harness.PrepareFakeAgent(b)
	a := startPTYAmux(b, env, map[string]string{"flooder": flooder.ShellCommand(), "typist": typist.ShellCommand()})
	a.send("n")
	a.send("flood")
	a.send("\r")
	a.drain(2 * time.Second)
	a.openAgent("flooder", flooder)
	a.fromTerminal()
	a.openAgent("typist", typist)
	const size = 20 << 20

	for b.Loop() {
		// Focused: show the flooder (tab 1) and flood it.
		a.fromTerminal()
		a.send("1")
		a.send("\t") // into the tab area: the flooder's terminal has focus
		cpu0 := a.cpu()
		flooder.Burst(size)
		flooder.Print("FLOOD-END")
		waitFor(b, a, "FLOOD-END")
		b.ReportMetric((a.cpu() - cpu0).Seconds(), "focused-cpu-s")

		// Background: show the typist (tab 2), flood the hidden flooder.
		a.fromTerminal()
		a.send("2")
		a.send("\t")
		cpu0 = a.cpu()
		flooder.Burst(size)
		var lat []time.Duration
		keys := []byte("abcdefghijklmnopqrstuvwxyz")
		for i := range 60 {
			lat = append(lat, a.echo(keys[i%len(keys)]))
			a.drain(30 * time.Millisecond)
		}
		med, p95 := percentiles(lat)
		b.ReportMetric(med, "bg-echo-median-ms")
		b.ReportMetric(p95, "bg-echo-p95-ms")
		b.ReportMetric((a.cpu() - cpu0).Seconds(), "bg-cpu-s")
	}
}

// waitFor reads amux's output until marker has been written (at most 60 s).
func waitFor(b *testing.B, a *ptyAmux, marker string) {
	b.Helper()
	deadline := time.After(60 * time.Second)
	var tail []byte
	for {
		select {
		case chunk := <-a.out:
			tail = append(tail, chunk...)
			if len(tail) > 1<<16 {
				tail = tail[len(tail)-1<<15:]
			}
			if containsAll(string(tail), marker) {
				return
			}
		case <-deadline:
			b.Fatalf("%q never appeared", marker)
		}
	}
}
