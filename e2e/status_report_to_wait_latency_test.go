package e2e

import (
	"slices"
	"testing"
	"time"

	"amux.dev/amux/e2e/harness"
)

// BenchmarkReportToWaitLatency measures what a supervising script sees:
// the time from an agent printing a report in its pane to `amux wait`
// exiting with it. One iteration is one report (run with -benchtime=100x or
// more); the median and p95 are reported in milliseconds.
//
// Each wait is started and attached before the clock starts, so the number
// is the event path (pane → tmux → tap → set-option + wait-for signal →
// control client → amux wait exit), not process start-up.
func BenchmarkReportToWaitLatency(b *testing.B) {
	env := harness.NewEnv(b)
	session := "amux-0123456789abcdef-bench"
	agent := harness.StartFakeAgent(b, env.Server, session, nil)
	installTap(b, env.Server, agent.PaneID)
	states := []string{"working", "done"}
	samples := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := range b.N {
		b.StopTimer()
		state := states[i%2]
		w := startAmuxWait(b, env.Vars(), "--state", state, "--session", session, "--timeout", "10s")
		waitWatching(b, env.Server)
		b.StartTimer()
		start := time.Now()
		agent.Report("state=" + state + ":app=bench")
		code, out, errOut := w.result(b)
		samples = append(samples, time.Since(start))
		b.StopTimer()
		if code != 0 {
			b.Fatalf("wait %s: exit %d out %q err %q", state, code, out, errOut)
		}
		waitNoControlClient(b, env)
	}
	slices.Sort(samples)
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	b.ReportMetric(ms(samples[len(samples)/2]), "median-ms")
	b.ReportMetric(ms(samples[(len(samples)*95+99)/100-1]), "p95-ms")
	b.ReportMetric(0, "ns/op")
}
