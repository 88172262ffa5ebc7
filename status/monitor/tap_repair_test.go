package monitor

import (
	"context"
	"os"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"amux.dev/amux/config/procid"
	"amux.dev/amux/status"
	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

// TestMain lets this test binary be the amux the taps run: pipe-pane
// starts it with the tap verb.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == status.TapVerb {
		os.Exit(status.TapMain(os.Args[2:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// printerSession is an agent session whose pane prints what is written to
// its FIFO, raw.
func printerSession(t *testing.T, srv *tmuxtest.Server, name string) (tmux.Created, func(string)) {
	t.Helper()
	fifo := t.TempDir() + "/out"
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	c := session(t, srv, name, tmux.TypeAgent, "sh", "-c", `stty raw -echo; while cat "$0"; do :; done`, fifo)
	return c, func(s string) {
		t.Helper()
		f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if _, err := f.WriteString(s); err != nil {
			t.Fatal(err)
		}
	}
}

// liveTap waits for the pane's @amux_tap to name a running process and
// returns it; the test's end kills it if it still runs.
func liveTap(t *testing.T, srv *tmuxtest.Server, pane, not string) (int, string) {
	t.Helper()
	var pid int
	var id string
	tmuxtest.WaitFor(t, 10*time.Second, func() (bool, string) {
		id = strings.TrimSpace(srv.MustRun(t, "display-message", "-p", "-t", pane, "#{"+tmux.PaneTap+"}"))
		p, tok, ok := status.ParseTapIdentity(id)
		pid = p
		return ok && id != not && procid.Alive(p, tok), "@amux_tap = " + id
	})
	tok := procid.Token(pid)
	t.Cleanup(func() {
		if procid.Alive(pid, tok) {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
	})
	return pid, id
}

// TestADeadSharedTapIsRepairedOnceByTheScanOwner: the shared tap is
// killed; the monitor holding the lease reinstalls the taps by itself,
// says so once, and the panes' later reports are read again. Killed again
// at once, it waits out its backoff instead of repairing in a loop.
func TestADeadSharedTapIsRepairedOnceByTheScanOwner(t *testing.T) {
	srv := tmuxtest.New(t)
	a, printA := printerSession(t, srv, "amux-0123456789abcdef-tab-t-1")
	b, printB := printerSession(t, srv, "amux-0123456789abcdef-tab-t-2")
	bin, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	install := func(ctx context.Context, pane string) error { return status.InstallTap(ctx, srv.Client, bin, pane) }
	for _, p := range []string{a.PaneID, b.PaneID} {
		if err := install(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	pid, id := liveTap(t, srv, a.PaneID, "")
	liveTap(t, srv, b.PaneID, "")

	var repairs atomic.Int32
	mon := New(Options{Client: srv.Client, Instance: "inst-a", Config: agentstate.DefaultConfig(),
		RepairTap: func(ctx context.Context, session string) error {
			repairs.Add(1)
			pane, err := tmux.PaneOf(ctx, srv.Client, session)
			if err != nil {
				return err
			}
			if _, err := srv.Client.Run(ctx, "pipe-pane", "-t", pane); err != nil {
				return err
			}
			return install(ctx, pane)
		}})
	t.Cleanup(func() {
		if mon.ctl != nil {
			mon.ctl.Close()
		}
	})
	poll := func() Result {
		mon.chg.all = true
		return mon.poll(ctx)
	}
	poll() // claims the lease
	if res := poll(); !res.Owner || res.Repaired != "" {
		t.Fatalf("owner %v, repaired %q with every tap alive", res.Owner, res.Repaired)
	}

	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	tmuxtest.WaitFor(t, 10*time.Second, func() (bool, string) {
		return !procid.Alive(pid, ""), "the killed shared tap still runs"
	})
	var note string
	tmuxtest.WaitFor(t, 20*time.Second, func() (bool, string) {
		note = poll().Repaired
		return note != "", "no repair reported"
	})
	if !strings.Contains(note, "reinstalled 2 of 2") {
		t.Fatalf("repair note %q", note)
	}
	pid2, id2 := liveTap(t, srv, a.PaneID, id)
	liveTap(t, srv, b.PaneID, id)
	printA("\x1b]7501;state=done:app=a\x07")
	printB("\x1b]7501;state=blocked:kind=question:app=b\x07")
	for pane, want := range map[string]string{a.PaneID: "done", b.PaneID: "blocked"} {
		tmuxtest.WaitFor(t, 10*time.Second, func() (bool, string) {
			got := strings.TrimSpace(srv.MustRun(t, "display-message", "-p", "-t", pane, "#{"+tmux.PaneReportedState+"}"))
			return got == want, pane + " reported " + got + " after the repair"
		})
	}

	// Dead again at once: within the backoff nothing is attempted.
	before := repairs.Load()
	if err := syscall.Kill(pid2, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	tmuxtest.WaitFor(t, 10*time.Second, func() (bool, string) {
		return !procid.Alive(pid2, ""), "the second shared tap still runs"
	})
	for range 3 {
		if res := poll(); res.Repaired != "" {
			t.Fatalf("repaired again within the backoff: %q", res.Repaired)
		}
	}
	if n := repairs.Load(); n != before {
		t.Fatalf("%d more repairs within the backoff", n-before)
	}
	if got := strings.TrimSpace(srv.MustRun(t, "display-message", "-p", "-t", a.PaneID, "#{"+tmux.PaneTap+"}")); got != id2 {
		t.Fatalf("@amux_tap %q changed within the backoff (was %q)", got, id2)
	}
}
