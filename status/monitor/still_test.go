package monitor

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

// stillSessions makes n quiet agent sessions (a sleep: no output after the
// first frame) and a monitor on the real clock with cfg.
func stillSessions(t testing.TB, n int, cfg agentstate.Config, command ...string) (*tmuxtest.Server, *Monitor) {
	srv := tmuxtest.New(t)
	for i := range n {
		session(t, srv, "amux-0123456789abcdef-tab-t-"+strconv.Itoa(i), tmux.TypeAgent, command...)
	}
	s := New(Options{Client: srv.Client, Instance: "inst-still", Config: cfg})
	t.Cleanup(func() {
		if s.ctl != nil {
			s.ctl.Close()
		}
	})
	return srv, s
}

// settleStill polls by hand until the monitor owns the lease and no
// session is live any more: from then on it has nothing to look at.
func settleStill(t testing.TB, s *Monitor) {
	t.Helper()
	tmuxtest.WaitFor(t, 30*time.Second, func() (bool, string) {
		res := s.poll(context.Background())
		live := s.liveSessions(s.now(), false)
		return s.owner && len(live) == 0 && len(res.Errs) == 0, fmt.Sprintf("owner %v, live %v, errors %v", s.owner, live, res.Errs)
	})
}

// runMonitor runs s until the test ends and waits for it to stop.
func runMonitor(t testing.TB, s *Monitor) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		s.Run(ctx)
	}()
	t.Cleanup(func() {
		cancel()
		<-done
	})
}

// quickConfig has short windows, so a test sees a whole turn in seconds.
func quickConfig() agentstate.Config {
	c := agentstate.DefaultConfig()
	c.QuietAfter, c.DoneWindow = 3*time.Second, 4*time.Second
	return c
}

// A monitor over idle sessions sleeps: it plans no poll before the lease
// renewal or the safety net, and over a few seconds it polls at most once,
// not once a second.
func TestAStillMonitorDoesNotPoll(t *testing.T) {
	_, s := stillSessions(t, 10, quickConfig())
	settleStill(t, s)
	if next := s.nextPoll(s.now()); time.Until(next) < 20*time.Second {
		t.Fatalf("an idle monitor plans its next poll in %v", time.Until(next))
	}
	runMonitor(t, s)
	// Its first poll, and the one its own last publish's wake signal
	// causes, come first; then the window polls are counted over.
	<-time.After(time.Second)
	before := s.polls.Load()
	<-time.After(3 * time.Second)
	if n := s.polls.Load() - before; n > 1 {
		t.Fatalf("%d polls in 3 s over 10 idle sessions, want at most 1", n)
	}
}

// The story of one turn on a sleeping monitor: output the UI noted wakes it
// at once; the session goes quiet (done) and, with nothing live, done
// turns idle when its window ends, not later; a tap's report then wakes it
// at once again.
func TestAStillMonitorWakesForOutputAndTime(t *testing.T) {
	cfg := quickConfig()
	srv, s := stillSessions(t, 1, cfg, "cat")
	name := "amux-0123456789abcdef-tab-t-0"
	settleStill(t, s)
	runMonitor(t, s)
	wait := func(want agentstate.State, within time.Duration) time.Time {
		t.Helper()
		deadline := time.After(within)
		for {
			select {
			case res := <-s.Results():
				if res.Sessions[name].State == want {
					return time.Now()
				}
			case <-deadline:
				t.Fatalf("no %s within %v", want, within)
			}
		}
	}
	srv.MustRun(t, "send-keys", "-t", "="+name+":", "hello", "Enter") // cat prints it back
	tmuxtest.WaitFor(t, 5*time.Second, func() (bool, string) {
		out, _ := srv.Run(context.Background(), "display-message", "-p", "-t", "="+name+":", "#{window_activity}")
		act, _ := strconv.ParseInt(strings.TrimSpace(out), 10, 64)
		return act > 0 && time.Since(time.Unix(act, 0)) < cfg.QuietAfter, "no output in the pane"
	})
	s.NoteOutput(name, time.Now())
	wait(agentstate.Working, 2*time.Second)
	done := wait(agentstate.Done, cfg.QuietAfter+3*time.Second)
	idle := wait(agentstate.Idle, cfg.DoneWindow+2*time.Second)
	if d := idle.Sub(done); d < cfg.DoneWindow-time.Second {
		t.Fatalf("done turned idle after %v, before its %v window", d, cfg.DoneWindow)
	}
	pane := strings.TrimSpace(srv.MustRun(t, "display-message", "-p", "-t", "="+name+":", "#{pane_id}"))
	srv.MustRun(t, tmux.Chain(
		tmux.SetPaneOptionArgs(pane, tmux.PaneReportedState, "blocked"),
		tmux.SetPaneOptionArgs(pane, tmux.PaneReportedAt, strconv.FormatInt(time.Now().UnixMilli(), 10)),
		[]string{"wait-for", "-S", tmux.StatusWakeChannel})...)
	wait(agentstate.Blocked, 2*time.Second)
}
