package monitor

import (
	"context"
	"strconv"
	"testing"
	"time"

	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

// settled polls until the sessions' start has gone quiet: from then on
// only real changes make the monitor read.
func (f *fixture) settled(t *testing.T) {
	t.Helper()
	f.mon.poll(context.Background()) // attaches and reads everything
	f.now = f.now.Add(f.mon.cfg.QuietAfter + liveMargin + time.Second)
	f.mon.poll(context.Background())
}

// Nothing changes, nothing is read: polls between safety-net reads send
// tmux no command at all, however many sessions there are.
func TestAnIdleMonitorAsksTmuxNothing(t *testing.T) {
	srv := tmuxtest.New(t)
	for i := range 5 {
		session(t, srv, "amux-0123456789abcdef-tab-t-"+strconv.Itoa(i), tmux.TypeAgent, "sleep", "600")
	}
	f := newFixture(t, "inst-idle", srv, nil)
	f.settled(t)
	before := f.mon.reads.Load()
	for range 10 {
		f.now = f.now.Add(time.Second)
		f.mon.poll(context.Background())
	}
	if got := f.mon.reads.Load() - before; got != 0 {
		t.Fatalf("10 idle polls read panes %d times, want 0", got)
	}
	// The safety net still reads everything, rarely.
	f.now = f.now.Add(fullReadEvery)
	f.mon.poll(context.Background())
	if f.mon.reads.Load() == before {
		t.Fatal("no safety-net read after fullReadEvery")
	}
}

// A tap's publish reaches the monitor at once through the wake signal, and
// one pane's output makes it read that pane's window only.
func TestTheMonitorLearnsOfReportsAndOutput(t *testing.T) {
	srv := tmuxtest.New(t)
	quiet := session(t, srv, "amux-0123456789abcdef-tab-t-1", tmux.TypeAgent, "sleep", "600")
	session(t, srv, "amux-0123456789abcdef-tab-t-2", tmux.TypeAgent, "cat")
	f := newFixture(t, "inst-learn", srv, nil)
	f.settled(t)
	full := f.mon.fullAt

	// Input amux typed into one pane makes that session live: each poll
	// reads it alone until it has been quiet for the quiet window.
	f.mon.NoteInput("amux-0123456789abcdef-tab-t-2", f.now)
	before := f.mon.reads.Load()
	f.mon.poll(context.Background())
	if f.mon.fullAt != full || f.mon.reads.Load() != before+1 {
		t.Fatalf("after input: full read %v, %d reads; want one read of that session",
			f.mon.fullAt != full, f.mon.reads.Load()-before)
	}
	f.now = f.now.Add(f.mon.cfg.QuietAfter + liveMargin)
	before = f.mon.reads.Load()
	f.mon.poll(context.Background())
	f.mon.poll(context.Background())
	if f.mon.reads.Load() != before {
		t.Fatalf("a session quiet past its window is still read (%d reads)", f.mon.reads.Load()-before)
	}

	// A report, published as the tap does (options, then the wake signal),
	// wakes the loop without waiting for the next tick.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	f.mon.now = time.Now
	go f.mon.Run(ctx)
	srv.MustRun(t, tmux.Chain(
		tmux.SetPaneOptionArgs(quiet.PaneID, tmux.PaneReportedState, "blocked"),
		tmux.SetPaneOptionArgs(quiet.PaneID, tmux.PaneReportedAt, strconv.FormatInt(time.Now().UnixMilli(), 10)),
		[]string{"wait-for", "-S", tmux.StatusWakeChannel})...)
	deadline := time.After(10 * time.Second)
	for {
		select {
		case res := <-f.mon.Results():
			if st := res.Sessions["amux-0123456789abcdef-tab-t-1"]; st.State == agentstate.Blocked {
				return
			}
		case <-deadline:
			t.Fatal("the report never reached the monitor")
		}
	}
}

// A session made by another tool is found without amux nudging the loop.
func TestASessionMadeElsewhereIsFound(t *testing.T) {
	srv := tmuxtest.New(t)
	session(t, srv, "amux-0123456789abcdef-tab-t-1", tmux.TypeAgent, "sleep", "600")
	f := newFixture(t, "inst-found", srv, nil)
	f.settled(t)
	session(t, srv, "amux-0123456789abcdef-tab-t-9", tmux.TypeAgent, "sleep", "600")
	tmuxtest.WaitFor(t, 10*time.Second, func() (bool, string) {
		f.now = f.now.Add(time.Second)
		res := f.mon.poll(context.Background())
		_, ok := res.Sessions["amux-0123456789abcdef-tab-t-9"]
		return ok, "new session not in the monitor's result"
	})
}
