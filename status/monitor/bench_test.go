package monitor

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

// BenchmarkPoll measures one poll of N idle agent sessions in steady state
// (lease held, tags published): amux CPU per poll (ns/op), tmux command
// lines per poll, tmux processes amux spawned, and the tmux server's CPU
// per poll (ns/op is wall time, waiting for tmux included). Targets: ≤ 3
// commands per poll whatever N; no process spawns.
func BenchmarkPoll(b *testing.B) {
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
	s := New(Options{Client: client, Instance: "bench-instance", Config: agentstate.DefaultConfig()})
	ctx := context.Background()
	for range 3 { // attach, claim the lease, publish first observations
		s.poll(ctx)
	}
	if !s.owner {
		b.Fatal("the monitor never became the owner")
	}
	spawns = 0
	s.commands.Store(0)
	serverCPU := tmuxServerCPU(b, srv)
	selfCPU := processCPU()
	b.ResetTimer()
	for b.Loop() {
		if res := s.poll(ctx); len(res.Errs) > 0 || len(res.Sessions) != n {
			b.Fatalf("poll: %d sessions, errors %v", len(res.Sessions), res.Errs)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(processCPU()-selfCPU)/float64(b.N)/float64(time.Millisecond), "amux-cpu-ms/poll")
	b.ReportMetric(float64(s.commands.Load())/float64(b.N), "cmds/poll")
	b.ReportMetric(float64(spawns), "spawns")
	b.ReportMetric(float64(tmuxServerCPU(b, srv)-serverCPU)/float64(b.N)/float64(time.Millisecond), "server-ms/poll")
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

// With no session to watch, the monitor must not start a tmux process every
// scan: idle amux spawns at most a handful per 30 s.
func TestIdleMonitorWithoutSessionsSpawnsRarely(t *testing.T) {
	srv := tmuxtest.New(t)
	srv.Session(t, "not-amux", nil) // a server, but nothing of amux's on it
	spawns := 0
	s := New(Options{Client: srv.Client.WithTrace(func(tmux.Call) { spawns++ }), Instance: "idle-instance", Config: agentstate.DefaultConfig()})
	now := time.Now()
	s.now = func() time.Time { return now }
	for range 30 { // 30 polls, a second apart
		s.poll(context.Background())
		now = now.Add(time.Second)
	}
	if spawns > 3 {
		t.Fatalf("%d tmux processes in 30 idle polls, want at most 3", spawns)
	}
	s.Wake() // amux created a session: look at once
	select {
	case <-s.nudge:
		s.lookedAt = time.Time{}
	default:
		t.Fatal("wake did not queue a look")
	}
	before := spawns
	s.poll(context.Background())
	if spawns == before {
		t.Fatal("a woken monitor did not look for sessions")
	}
}

// BenchmarkStillMonitor runs the monitor loop over 50 idle agent sessions
// on a real tmux server, one second of wall time per op (run it with
// -benchtime=60x to take in a lease renewal and a safety-net read), and
// reports polls per second and, per minute, tmux command lines sent, tmux
// commands in them, reads of panes, and CPU of amux and the tmux server.
func BenchmarkStillMonitor(b *testing.B) {
	srv, s := stillSessions(b, 50, agentstate.DefaultConfig())
	settleStill(b, s)
	polls, lines, sent, reads := s.polls.Load(), s.commands.Load(), s.sent.Load(), s.reads.Load()
	serverCPU, selfCPU := tmuxServerCPU(b, srv), processCPU()
	start := time.Now()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		s.Run(ctx)
	}()
	for b.Loop() {
		<-time.After(time.Second)
	}
	cancel()
	<-done
	mins := time.Since(start).Minutes()
	b.ReportMetric(float64(s.polls.Load()-polls)/mins/60, "polls/s")
	b.ReportMetric(float64(s.commands.Load()-lines)/mins, "cmd-lines/min")
	b.ReportMetric(float64(s.sent.Load()-sent)/mins, "tmux-cmds/min")
	b.ReportMetric(float64(s.reads.Load()-reads)/mins, "reads/min")
	b.ReportMetric(float64(processCPU()-selfCPU)/mins/float64(time.Millisecond), "amux-cpu-ms/min")
	b.ReportMetric(float64(tmuxServerCPU(b, srv)-serverCPU)/mins/float64(time.Millisecond), "server-cpu-ms/min")
}
