package app

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

// BenchmarkScan measures one scan of N idle agent sessions in steady state
// (lease held, tags published): amux CPU per scan (ns/op), tmux command
// lines per scan, tmux processes amux spawned, and the tmux server's CPU
// per scan (ns/op is wall time, waiting for tmux included). Targets: ≤ 3
// commands per scan whatever N; no process spawns.
func BenchmarkScan(b *testing.B) {
	for _, n := range []int{10, 100} {
		b.Run(strconv.Itoa(n)+"-sessions", func(b *testing.B) { benchScan(b, n) })
	}
}

func benchScan(b *testing.B, n int) {
	srv := tmuxtest.New(b)
	for i := range n {
		id := fmt.Sprintf("%016x", i+1)
		srv.Session(b, tmux.SessionName("amux", id, "tab-bench-1"), map[string]string{
			tmux.TagManaged: "1", tmux.TagWorkspace: id, tmux.TagTab: "tab-bench-1", tmux.TagType: tmux.TypeAgent,
			tmux.TagAssistant: "claude", tmux.TagCreatedAt: "1",
		})
	}
	spawns := 0
	client := srv.Client.WithTrace(func(tmux.Call) { spawns++ })
	s := newScanner(client, "bench-instance", nil, nil)
	ctx := context.Background()
	for range 3 { // attach, claim the lease, publish first observations
		s.scan(ctx)
	}
	if !s.owner {
		b.Fatal("the scanner never became the owner")
	}
	spawns, s.commands = 0, 0
	serverCPU := tmuxServerCPU(b, srv)
	selfCPU := processCPU()
	b.ResetTimer()
	for b.Loop() {
		if res := s.scan(ctx); len(res.errs) > 0 || len(res.sessions) != n {
			b.Fatalf("scan: %d sessions, errors %v", len(res.sessions), res.errs)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(processCPU()-selfCPU)/float64(b.N)/float64(time.Millisecond), "amux-cpu-ms/scan")
	b.ReportMetric(float64(s.commands)/float64(b.N), "cmds/scan")
	b.ReportMetric(float64(spawns), "spawns")
	b.ReportMetric(float64(tmuxServerCPU(b, srv)-serverCPU)/float64(b.N)/float64(time.Millisecond), "server-ms/scan")
}

// tmuxServerCPU reads the server process's user+system CPU time.
func tmuxServerCPU(b *testing.B, srv *tmuxtest.Server) time.Duration {
	pid := strings.TrimSpace(srv.MustRun(b, "display-message", "-p", "#{pid}"))
	stat, err := os.ReadFile("/proc/" + pid + "/stat")
	if err != nil {
		b.Fatal(err)
	}
	f := strings.Fields(string(stat)[strings.LastIndexByte(string(stat), ')')+2:])
	ut, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(ut+st) * time.Second / 100 // clock ticks at USER_HZ = 100
}

// processCPU is this process's user+system CPU time.
func processCPU() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// With no session to watch, the scanner must not start a tmux process every
// scan: idle amux spawns at most a handful per 30 s.
func TestIdleScannerWithoutSessionsSpawnsRarely(t *testing.T) {
	srv := tmuxtest.New(t)
	srv.Session(t, "not-amux", nil) // a server, but nothing of amux's on it
	spawns := 0
	s := newScanner(srv.Client.WithTrace(func(tmux.Call) { spawns++ }), "idle-instance", nil, nil)
	now := time.Now()
	s.now = func() time.Time { return now }
	for range 30 { // 30 scans, a second apart
		s.scan(context.Background())
		now = now.Add(time.Second)
	}
	if spawns > 3 {
		t.Fatalf("%d tmux processes in 30 idle scans, want at most 3", spawns)
	}
	s.wake() // amux created a session: look at once
	select {
	case <-s.nudge:
		s.lookedAt = time.Time{}
	default:
		t.Fatal("wake did not queue a look")
	}
	before := spawns
	s.scan(context.Background())
	if spawns == before {
		t.Fatal("a woken scanner did not look for sessions")
	}
}
