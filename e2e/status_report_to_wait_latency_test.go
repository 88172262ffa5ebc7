package e2e

import (
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/status"
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

// BenchmarkReportCommandToWaitSplit runs the whole path a script sees, the
// way a wrapper script in a pane does it, and splits it into its steps:
//
//   - report: `amux report` started with the pane's terminal as its output,
//     until it has exited (the process's start, its own work, the OSC written);
//   - tap: until the tap has folded the report into the pane options and
//     signalled (seen by a `tmux wait-for` on the tap's channel, started
//     beforehand);
//   - wait: until `amux wait` (attached beforehand) has exited with it.
//
// Every step is event-driven: no poll interval stands on the path, and the
// only process started on it is `amux report` itself. The medians are in
// milliseconds; the load average is printed beside them, since under load
// every step, process starts first, takes longer.
// With -args -rw.load N, N processes spin on the CPU meanwhile, to see the
// split on a loaded machine.
// Run: go test ./e2e -run XXX -bench ReportCommandToWaitSplit -benchtime 100x
func BenchmarkReportCommandToWaitSplit(b *testing.B) {
	for range *rwLoad {
		spin := exec.Command("sh", "-c", "while :; do :; done")
		if err := spin.Start(); err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { _ = spin.Process.Kill(); _ = spin.Wait() })
	}
	env := harness.NewEnv(b)
	session := "amux-0123456789abcdef-split"
	agent := harness.StartFakeAgent(b, env.Server, session, nil)
	agent.Echo(false)
	installTap(b, env.Server, agent.PaneID)
	ttyPath := strings.TrimSpace(env.Server.MustRun(b, "display-message", "-p", "-t", agent.PaneID, "#{pane_tty}"))
	tty, err := os.OpenFile(ttyPath, os.O_WRONLY, 0)
	if err != nil {
		b.Fatal(err)
	}
	defer tty.Close()
	states := []string{"working", "done"}
	var report, tap, wait, total []time.Duration
	load0 := loadAvg()
	for i := 0; b.Loop(); i++ {
		state := states[i%2]
		w := startAmuxWait(b, env.Vars(), "--state", state, "--session", session, "--timeout", "10s")
		waitWatching(b, env.Server)
		signalled := watchWake(b, env)
		cmd := exec.Command(harness.AmuxBinary(b), "report", "--state", state, "--app", "bench")
		cmd.Env, cmd.Stdout, cmd.Stderr = env.Vars(), tty, io.Discard
		start := time.Now()
		if err := cmd.Run(); err != nil {
			b.Fatalf("amux report: %v", err)
		}
		reported := time.Now()
		tapped := <-signalled
		code, out, errOut := w.result(b)
		if code != 0 {
			b.Fatalf("wait %s: exit %d out %q err %q", state, code, out, errOut)
		}
		report = append(report, reported.Sub(start))
		tap = append(tap, tapped.Sub(reported))
		wait = append(wait, w.exited.Sub(tapped))
		total = append(total, w.exited.Sub(start))
		waitNoControlClient(b, env)
	}
	b.StopTimer()
	med := func(d []time.Duration) float64 { return quantile(d, .5) }
	fmt.Printf("report→wait, %d reports, load %s: median %.2f ms (p95 %.2f) = report %.2f + tap %.2f + wait %.2f\n",
		len(total), load0, med(total), quantile(total, .95), med(report), med(tap), med(wait))
	b.ReportMetric(med(total), "median-ms")
	b.ReportMetric(med(report), "report-ms")
	b.ReportMetric(med(tap), "tap-ms")
	b.ReportMetric(med(wait), "wait-ms")
	b.ReportMetric(0, "ns/op")
}

// rwLoad is BenchmarkReportCommandToWaitSplit's -rw.load.
var rwLoad = flag.Int("rw.load", 0, "CPU-spinning processes to run during BenchmarkReportCommandToWaitSplit")

// watchWake starts a `tmux wait-for` on the tap's channel and returns when
// it saw the signal. tmux keeps a signal nobody waited for, which would end
// the watch at once: such a stale one is taken and the watch started again.
func watchWake(b *testing.B, env *harness.Env) <-chan time.Time {
	b.Helper()
	for {
		cmd := env.Server.Command(b.Context(), "wait-for", status.WakeChannel)
		if err := cmd.Start(); err != nil {
			b.Fatal(err)
		}
		seen := make(chan time.Time, 1)
		go func() {
			_ = cmd.Wait()
			seen <- time.Now()
		}()
		select {
		case <-seen: // a stale signal
			continue
		case <-time.After(100 * time.Millisecond): // it is waiting
			return seen
		}
	}
}
