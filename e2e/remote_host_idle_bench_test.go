package e2e

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
	"amux.dev/amux/workspace"
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
		// Tabs past their start-up grace, as a person's idle agents are,
		// within the window.
		if err := os.MkdirAll(s.RemoteState, 0o700); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(s.RemoteState, "config.json"), []byte(`{"status": {"startup_grace_ms": 2000}}`), 0o600); err != nil {
			b.Fatal(err)
		}
		repo := (&harness.Env{Home: s.RemoteHome}).NewRepo(b, "shop")
		h := startHost(b, o)
		awaitHost(b, h, 30*time.Second, "connected", func() bool { return h.Err() == nil })
		ctx := b.Context()
		res, err := h.Create(ctx, workspace.CreateRequest{Repo: repo, Name: "idle", SkipSetup: true})
		if err != nil {
			b.Fatal(err)
		}
		for i := range *remoteTabs {
			if _, err := h.OpenSession(ctx, workspace.SessionRequest{Workspace: res.Workspace.ID, Kind: tmux.TypeAgent,
				Tab: fmt.Sprintf("t%d", i), Assistant: "claude", Command: "exec sleep 3600"}); err != nil {
				b.Fatal(err)
			}
		}
		awaitHost(b, h, 30*time.Second, "every tab pushed", func() bool { return len(h.State().Sessions) == *remoteTabs })
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

// hostPID finds the host side of the connection to s: the process running
// `amux --internal-host` with s's remote state home.
func hostPID(b testing.TB, s *harness.SSHD) int {
	b.Helper()
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		cmdline, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if !bytes.Contains(cmdline, []byte("\x00--internal-host")) {
			continue
		}
		environ, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "environ"))
		for v := range strings.SplitSeq(string(environ), "\x00") {
			if v == "AMUX_HOME="+s.RemoteState {
				return pid
			}
		}
	}
	b.Fatal("no amux --internal-host process for this host")
	return 0
}
