package status

import (
	"context"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

// testWatcher is a watcher over srv that matches a done report in
// session, with no format subscription: only reads it makes and the wake
// signal can end it, so a test that ends proves which read saw the report.
func testWatcher(t *testing.T, srv *tmuxtest.Server, session string) (*watcher, *matcher) {
	t.Helper()
	amuxRunning(t, srv)
	m := &matcher{opts: waitOptions{states: map[State]bool{StateDone: true}, session: session}}
	return &watcher{client: srv.Client, match: m.match}, m
}

// runWatcher runs w with a deadline and fails the test if it does not match.
func runWatcher(t *testing.T, w *watcher) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := w.run(ctx); err != nil {
		t.Fatalf("watch: %v", err)
	}
}

// TestWaitStoredStateCostsOneTmuxProcess: a state already stored is read
// and matched by one plain tmux call; the version check and the control
// client are never started.
func TestWaitStoredStateCostsOneTmuxProcess(t *testing.T) {
	srv := tmuxtest.New(t)
	c := srv.Session(t, "s", nil)
	publish(t, srv, c.PaneID, reported("done", "", "", ""))
	w, m := testWatcher(t, srv, "s")
	var calls atomic.Int32
	w.client = srv.Client.WithTrace(func(tmux.Call) { calls.Add(1) })
	w.check = func(context.Context) error { t.Error("the version was checked for a stored state"); return nil }
	runWatcher(t, w)
	if n := calls.Load(); n != 1 || m.found.PaneID != c.PaneID {
		t.Fatalf("%d tmux calls, found %+v", n, m.found)
	}
}

// TestWaitSeesReportBetweenFirstReadAndAttach: a report stored after the
// plain first read and before the control client is armed, with no wake
// signal at all, is still seen: the control client's first batch reads
// again before it waits.
func TestWaitSeesReportBetweenFirstReadAndAttach(t *testing.T) {
	srv := tmuxtest.New(t)
	c := srv.Session(t, "s", nil)
	w, m := testWatcher(t, srv, "s")
	var reads atomic.Int32
	w.readHook = func() {
		if reads.Add(1) == 1 {
			srv.MustRun(t, "set-option", "-p", "-t", c.PaneID, tmux.PaneReportedState, "done", tmux.Sep,
				"set-option", "-p", "-t", c.PaneID, tmux.PaneReportedAt, strconv.FormatInt(time.Now().UnixMilli(), 10))
		}
	}
	runWatcher(t, w)
	if n := reads.Load(); n != 1 || m.found.PaneID != c.PaneID {
		t.Fatalf("matched after %d unmatched reads (want the control client's first), found %+v", n, m.found)
	}
}

// TestWaitWakesOnReportRightAfterItsRead: a report published (with its
// signal, as the tap does) the moment the control client's read came back
// is caught by the wait-for that went out with that read.
func TestWaitWakesOnReportRightAfterItsRead(t *testing.T) {
	srv := tmuxtest.New(t)
	c := srv.Session(t, "s", nil)
	w, m := testWatcher(t, srv, "s")
	var reads atomic.Int32
	w.readHook = func() {
		if reads.Add(1) == 2 { // the plain read, then the control client's
			publish(t, srv, c.PaneID, reported("done", "", "", ""))
		}
	}
	runWatcher(t, w)
	if n := reads.Load(); n != 2 || m.found.PaneID != c.PaneID {
		t.Fatalf("matched after %d unmatched reads (want 2), found %+v", n, m.found)
	}
}
