package e2e

import (
	"flag"
	"fmt"
	"strconv"
	"testing"
	"time"
)

// Flags of BenchmarkRemoteHostIdle (go test … -args -remote.idle 60s).
var (
	remoteIdle = flag.Duration("remote.idle", 60*time.Second, "idle CPU window on the host")
	remoteTabs = flag.Int("remote.tabs", 10, "agent tabs on the host")
)

// BenchmarkRemoteHostIdle measures what a connected host costs while its
// agents sit idle: the host side (`amux --internal-host`, which also runs
// the host's status monitor, holding the lease: no other amux runs there),
// the host's tmux server and the panes' status taps, over -remote.idle
// with -remote.tabs agent tabs (target: the host side ≤ 0.1 % of a core
// with 10 tabs).
//
// Run: go test ./e2e -run XXX -bench RemoteHostIdle -benchtime 1x
func BenchmarkRemoteHostIdle(b *testing.B) {
	for b.Loop() {
		s, o := remoteHost(b, true)
		repo := prepareIdleHost(b, s)
		h := startHost(b, o)
		awaitHost(b, h, 30*time.Second, "connected", func() bool { return h.Err() == nil })
		openIdleTabs(b, h, repo, *remoteTabs)
		host := hostPID(b, s)
		server, err := strconv.Atoi(s.RemoteTmuxRun(b, "display-message", "-p", "#{pid}"))
		if err != nil {
			b.Fatal(err)
		}
		time.Sleep(10 * time.Second) // the monitor takes the lease and sees every agent settle
		taps := tapPIDs(server, s.RemoteTmuxRun(b, "display-message", "-p", "#{socket_path}"))
		sum := func(pids ...int) time.Duration {
			var d time.Duration
			for _, p := range pids {
				d += cpuTime(p)
			}
			return d
		}
		pushes := 0
		h0, s0, t0 := cpuTime(host), cpuTime(server), sum(taps...)
		deadline := time.After(*remoteIdle)
	idle:
		for {
			select {
			case <-h.Changes():
				pushes++
			case <-deadline:
				break idle
			}
		}
		pct := func(d time.Duration) float64 { return 100 * d.Seconds() / remoteIdle.Seconds() }
		hp, sp, tp := pct(cpuTime(host)-h0), pct(cpuTime(server)-s0), pct(sum(taps...)-t0)
		b.ReportMetric(hp, "host-side-%cpu")
		b.ReportMetric(sp, "host-tmux-%cpu")
		b.ReportMetric(tp, "host-taps-%cpu")
		fmt.Printf("\nremote host idle, %d tabs, %v (load before: %s): host side %.3f %% of a core, its tmux server %.3f %%, %d taps %.3f %%; %d pushes\n",
			*remoteTabs, *remoteIdle, loadAvg(), hp, sp, len(taps), tp, pushes)
	}
}
