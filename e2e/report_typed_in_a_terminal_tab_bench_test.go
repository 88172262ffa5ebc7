package e2e

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

// BenchmarkReportTypedInATerminalTab measures `amux report` typed into a
// terminal tab of a running amux — a shell with prompt marks, whose tap
// publishes the command's start mark a few milliseconds before the report
// — until `amux wait` (attached beforehand) exits with it. The clock starts
// when the Enter that runs the command is typed into amux's terminal (the
// tab has the keys: T enters it). Target: median ≤ 10 ms,
// p95 ≤ 20 ms.
//
// Run: go test ./e2e -run XXX -bench ReportTypedInATerminalTab -benchtime 60x
func BenchmarkReportTypedInATerminalTab(b *testing.B) {
	env := harness.NewEnv(b)
	a := startBenchAmux(b, env, map[string]string{}, 200, 50)
	defer quitAmux(a)
	a.send("n")
	a.send("bench")
	a.send("\r")
	time.Sleep(2 * time.Second)
	a.send("T")
	var session, pane string
	harness.Eventually(b, func() (bool, string) {
		out, _ := env.Server.Run(context.Background(), "list-panes", "-a", "-F",
			"#{session_name}|#{pane_id}|#{"+tmux.TagType+"}|#{pane_current_command}")
		for line := range strings.Lines(out) {
			f := strings.Split(strings.TrimSpace(line), "|")
			if len(f) == 4 && f[2] == tmux.TypeTerminal && f[3] != "" {
				session, pane = f[0], f[1]
				return true, ""
			}
		}
		return false, "no terminal tab:\n" + out
	})
	time.Sleep(2 * time.Second) // the shell's first prompt
	base := controlClients(env)
	// Reports that outlive the command: a shell's next prompt drops a
	// command's working and blocked reports (they were its own).
	states := []string{"done", "error"}
	var total, toTap, toWait []time.Duration
	for i := 0; b.Loop(); i++ {
		state := states[i%2]
		w := startAmuxWait(b, env.Vars(), "--state", state, "--session", session, "--timeout", "10s")
		tmuxtest.WaitFor(b, harness.DefaultWait, func() (bool, string) {
			return controlClients(env) > base, "amux wait never attached"
		})
		env.Server.MustRun(b, "send-keys", "-t", pane, "-l", harness.AmuxBinary(b)+" report --state "+state+" --app bench")
		// The Enter is typed into amux, as a person types it: through
		// amux's terminal, its attach client and the server to the shell
		// (not a tmux process of the benchmark's, whose start-up a person
		// never waits for).
		start := a.key("\r")
		code, out, errOut := w.result(b)
		if code != 0 {
			b.Fatalf("wait %s: exit %d out %q err %q; pane:\n%s\noptions:\n%s", state, code, out, errOut,
				env.Server.MustRun(b, "capture-pane", "-p", "-t", pane), env.Server.MustRun(b, "show-options", "-p", "-t", pane))
		}
		total = append(total, w.exited.Sub(start))
		// The tap stamps a report with the time it read it (Unix ms): the
		// path splits there into the shell's part and the publishing part.
		if ms, err := strconv.ParseInt(strings.TrimSpace(env.Server.MustRun(b, "display-message", "-p", "-t", pane,
			"#{"+tmux.PaneReportedAt+"}")), 10, 64); err == nil {
			read := time.UnixMilli(ms)
			toTap = append(toTap, read.Sub(start))
			toWait = append(toWait, w.exited.Sub(read))
		}
		tmuxtest.WaitFor(b, harness.DefaultWait, func() (bool, string) {
			return controlClients(env) == base, "amux wait's client still attached"
		})
		time.Sleep(100 * time.Millisecond) // the next prompt
	}
	b.StopTimer()
	fmt.Printf("report typed in a terminal tab → wait, %d reports, load %s: median %.2f ms, p95 %.2f ms"+
		" (Enter → the tap reads the report %.1f ms, → wait exits %.1f ms; medians, ±1 ms)\n",
		len(total), loadAvg(), quantile(total, .5), quantile(total, .95), quantile(toTap, .5), quantile(toWait, .5))
	b.ReportMetric(quantile(total, .5), "median-ms")
	b.ReportMetric(quantile(total, .95), "p95-ms")
	b.ReportMetric(0, "ns/op")
}

// controlClients counts the control-mode clients attached to env's server.
func controlClients(env *harness.Env) int {
	out, _ := env.Server.Run(context.Background(), "list-clients", "-F", "#{client_control_mode}")
	return strings.Count(out, "1")
}
