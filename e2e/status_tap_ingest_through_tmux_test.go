package e2e

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/status"
	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

// BenchmarkTapIngestThroughTmux floods a tapped pane with coloured output
// and reports the tap process's own CPU per MB (from /proc), next to the
// wall-clock MB/s of the whole pipeline, which tmux bounds.
func BenchmarkTapIngestThroughTmux(b *testing.B) {
	env := harness.NewEnv(b)
	agent := harness.StartFakeAgent(b, env.Server, "amux-0123456789abcdef-flood", nil)
	installTap(b, env.Server, agent.PaneID)
	pid := tapPID(b, env.Server, agent.PaneID)
	const burst = 8 << 20
	b.SetBytes(burst)
	cpu0 := procCPU(b, pid)
	b.ResetTimer()
	for i := range b.N {
		agent.Burst(burst)
		// A report after the burst: once published, the tap has read it all.
		msg := "marker-" + strconv.Itoa(i)
		agent.Report("state=done:msg=" + harness.B64(msg))
		waitStatus(b, env.Server, agent.PaneID, map[string]string{tmux.PaneReportedMessage: msg})
	}
	b.StopTimer()
	mb := float64(burst) * float64(b.N) / (1 << 20)
	b.ReportMetric(float64((procCPU(b, pid)-cpu0).Microseconds())/1000/mb, "tap-cpu-ms/MB")
}

// tapPID finds the tap process reading pane — the server's shared tap —
// from what it announces in @amux_tap (it starts asynchronously).
func tapPID(t testing.TB, srv *tmuxtest.Server, pane string) int {
	t.Helper()
	var pid int
	tmuxtest.WaitFor(t, harness.DefaultWait, func() (bool, string) {
		v := strings.TrimSpace(srv.MustRun(t, "display-message", "-p", "-t", pane, "#{"+tmux.PaneTap+"}"))
		p, _, ok := status.ParseTapIdentity(v)
		pid = p
		return ok, "no tap announced on " + pane
	})
	return pid
}

// procCPU is a process's user+system CPU time from /proc/<pid>/stat.
func procCPU(t testing.TB, pid int) time.Duration {
	t.Helper()
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		t.Fatal(err)
	}
	// Fields after the parenthesised command name; utime and stime are the
	// 14th and 15th fields overall, in clock ticks (100 per second).
	rest := string(stat[bytes.LastIndexByte(stat, ')')+2:])
	f := strings.Fields(rest)
	utime, _ := strconv.Atoi(f[11])
	stime, _ := strconv.Atoi(f[12])
	return time.Duration(utime+stime) * 10 * time.Millisecond
}
