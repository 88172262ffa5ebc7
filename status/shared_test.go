//go:build linux

package status

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

// socketOf is the server's socket path, as InstallTap passes it.
func socketOf(t *testing.T, srv *tmuxtest.Server) string {
	t.Helper()
	return strings.TrimSpace(srv.MustRun(t, "display-message", "-p", "#{socket_path}"))
}

// inProcessShared runs the server's shared tap inside the test, so the
// test can look at its panes and descriptors. InstallTap's pipe-pane child
// (the test binary, see TestMain) hands its pane to it.
func inProcessShared(t *testing.T, srv *tmuxtest.Server) *shared {
	t.Helper()
	paths, err := sharedPathsFor(socketOf(t, srv))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	runner := &controlRunner{client: srv.Client}
	d, err := newShared(ctx, sharedConfig{paths: paths, runner: runner, idleExit: time.Hour, readGap: DefaultReadGap, logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		d.serve()
	}()
	t.Cleanup(func() {
		cancel()
		<-done
		runner.Close()
	})
	return d
}

// waitPanes waits until the shared tap reads exactly n panes.
func waitPanes(t *testing.T, d *shared, n int) {
	t.Helper()
	tmuxtest.WaitFor(t, 10*time.Second, func() (bool, string) {
		got := d.paneCount()
		return got == n, fmt.Sprintf("the shared tap reads %d panes, want %d", got, n)
	})
}

// openSockets counts this process's socket descriptors.
func openSockets(t *testing.T) int {
	t.Helper()
	entries, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range entries {
		if l, err := os.Readlink("/proc/self/fd/" + e.Name()); err == nil && strings.HasPrefix(l, "socket:") {
			n++
		}
	}
	return n
}

// TestSharedTapReadsManyPanes: one shared tap reads every pane, each
// report lands on its own pane only — hostile text in it staying literal —
// and a pane whose session closes frees its stream and its state.
func TestSharedTapReadsManyPanes(t *testing.T) {
	srv := tmuxtest.New(t)
	const n = 6
	var panes []string
	var prints []func([]byte)
	for i := range n {
		created, print := panePrinter(t, srv, "p"+strconv.Itoa(i))
		panes, prints = append(panes, created.PaneID), append(prints, print)
	}
	d := inProcessShared(t, srv)
	base := openSockets(t)
	bin := hostileBinary(t)
	for _, p := range panes {
		if err := InstallTap(context.Background(), srv, bin, p); err != nil {
			t.Fatal(err)
		}
	}
	waitPanes(t, d, n)
	for _, p := range panes {
		waitOption(t, srv, p, tmux.PaneTap, tapIdentity()) // this process reads them all
	}
	hostile := `#{pane_id} ; kill-server "'$(x)` + "\\"
	for i, print := range prints {
		print([]byte("out\r\n\x1b]7501;state=working:app=a" + strconv.Itoa(i) + ":msg=" + b64(hostile+strconv.Itoa(i)) + "\x07"))
	}
	for i, p := range panes {
		waitOption(t, srv, p, tmux.PaneReportedApp, "a"+strconv.Itoa(i))
		if got := paneOptions(t, srv, p)[tmux.PaneReportedMessage]; got != hostile+strconv.Itoa(i) {
			t.Fatalf("pane %s message %q", p, got)
		}
	}

	for i := range n / 2 {
		srv.MustRun(t, "kill-session", "-t", "p"+strconv.Itoa(i))
	}
	waitPanes(t, d, n-n/2)
	for i := n / 2; i < n; i++ {
		srv.MustRun(t, "kill-session", "-t", "p"+strconv.Itoa(i))
	}
	waitPanes(t, d, 0)
	tmuxtest.WaitFor(t, 10*time.Second, func() (bool, string) {
		got := openSockets(t)
		return got <= base, fmt.Sprintf("%d sockets open, %d before the panes", got, base)
	})
	d.mu.Lock()
	left := len(d.panes)
	d.mu.Unlock()
	if left != 0 {
		t.Fatalf("%d pane slots left after every pane closed", left)
	}
}

// TestSharedTapPipeReplaced: a pane's pipe closed and opened again (what a
// repair does) goes on being read, by a new generation that alone may
// publish.
func TestSharedTapPipeReplaced(t *testing.T) {
	srv := tmuxtest.New(t)
	created, print := panePrinter(t, srv, "r")
	d := inProcessShared(t, srv)
	bin := hostileBinary(t)
	ctx := context.Background()
	if err := InstallTap(ctx, srv, bin, created.PaneID); err != nil {
		t.Fatal(err)
	}
	print([]byte("\x1b]7501;state=working:app=a\x07"))
	waitOption(t, srv, created.PaneID, tmux.PaneReportedState, "working")
	// One at a time: the old tap ends (and says so), the new one starts.
	for range 2 {
		srv.MustRun(t, "pipe-pane", "-t", created.PaneID)
		waitOption(t, srv, created.PaneID, tmux.PaneTap, "")
		if err := InstallTap(ctx, srv, bin, created.PaneID); err != nil {
			t.Fatal(err)
		}
		waitOption(t, srv, created.PaneID, tmux.PaneTap, tapIdentity())
	}
	// In a burst: the children of replaced pipes hand over closed streams
	// while the newest hands over the live one; only the live one is read.
	for range 3 {
		srv.MustRun(t, "pipe-pane", "-t", created.PaneID)
		if err := InstallTap(ctx, srv, bin, created.PaneID); err != nil {
			t.Fatal(err)
		}
	}
	waitOption(t, srv, created.PaneID, tmux.PaneTap, tapIdentity())
	waitPanes(t, d, 1)
	print([]byte("\x1b]7501;state=done:app=a:msg=" + b64("after") + "\x07"))
	waitOption(t, srv, created.PaneID, tmux.PaneReportedMessage, "after")
}

// TestSharedTapGateDropsAnOlderGeneration: once a newer tap has the pane,
// an older one's tmux calls never run.
func TestSharedTapGateDropsAnOlderGeneration(t *testing.T) {
	r := &countingRunner{r: discardRunner{}}
	s := &paneSlot{}
	s.gen.Store(1)
	old := gatedRunner{slot: s, gen: 1, r: r}
	if _, err := old.Run(context.Background(), "set-option"); err != nil {
		t.Fatal(err)
	}
	s.gen.Add(1)
	if _, err := old.Run(context.Background(), "set-option"); err != errSuperseded {
		t.Fatalf("older generation ran: %v", err)
	}
	if len(r.calls) != 1 {
		t.Fatalf("%d calls reached tmux", len(r.calls))
	}
}

// handoverRaw connects to the shared tap and sends msg with fds attached,
// returning its answer.
func handoverRaw(t *testing.T, d *shared, msg string, fds ...int) string {
	t.Helper()
	c, err := net.DialUnix("unix", nil, &net.UnixAddr{Name: d.cfg.paths.sock, Net: "unix"})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	var oob []byte
	if len(fds) > 0 {
		oob = syscall.UnixRights(fds...)
	}
	if _, _, err := c.WriteMsgUnix([]byte(msg), oob, nil); err != nil {
		t.Fatal(err)
	}
	_ = c.SetReadDeadline(time.Now().Add(10 * time.Second))
	buf := make([]byte, 16)
	n, _ := c.Read(buf)
	return strings.TrimSpace(string(buf[:n]))
}

// TestSharedTapRefusesHostileHandovers: malformed requests, descriptors
// that are not pipes, too many of them, and a pipe tmux already closed are
// all refused, and nothing they carried stays open.
func TestSharedTapRefusesHostileHandovers(t *testing.T) {
	srv := tmuxtest.New(t)
	created := srv.Session(t, "h", nil)
	d := inProcessShared(t, srv)
	pair := func() (int, int) {
		fds, err := syscall.Socketpair(syscall.AF_UNIX, syscall.SOCK_STREAM|syscall.SOCK_CLOEXEC, 0)
		if err != nil {
			t.Fatal(err)
		}
		return fds[0], fds[1]
	}
	file, err := os.CreateTemp(t.TempDir(), "f")
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	a, b := pair()
	defer syscall.Close(a)
	defer syscall.Close(b)
	dead, peer := pair()
	syscall.Close(peer) // tmux's end already closed: a replaced pipe
	defer syscall.Close(dead)
	base := openSockets(t)
	for _, c := range []struct {
		name string
		msg  string
		fds  []int
		want string
	}{
		{"no descriptor", "tap " + created.PaneID + "\n", nil, replyStale},
		{"two descriptors", "tap " + created.PaneID + "\n", []int{a, b}, replyStale},
		{"a regular file", "tap " + created.PaneID + "\n", []int{int(file.Fd())}, replyStale},
		{"not a pane id", "tap =h:;kill-server\n", []int{a}, replyStale},
		{"no newline", "tap " + created.PaneID, []int{a}, replyStale},
		{"junk", "\x1b]7501;state=done\x07\n", []int{a}, replyStale},
		{"a closed pipe", "tap " + created.PaneID + "\n", []int{dead}, replyStale},
	} {
		if got := handoverRaw(t, d, c.msg, c.fds...); got != c.want {
			t.Errorf("%s: answered %q, want %q", c.name, got, c.want)
		}
	}
	if d.paneCount() != 0 {
		t.Fatalf("a refused handover is being read")
	}
	tmuxtest.WaitFor(t, 10*time.Second, func() (bool, string) {
		got := openSockets(t)
		return got <= base, fmt.Sprintf("%d sockets open after refused handovers, %d before: a descriptor leaked", got, base)
	})
	if v := paneOptions(t, srv, created.PaneID)[tmux.PaneTap]; v != "" {
		t.Fatalf("a refused handover published @amux_tap %q", v)
	}
}

// TestSharedTapAdoptsOnlyDeadTaps: at start the shared tap pipes to itself
// the panes whose announced tap is gone, and leaves alone a live per-pane
// tap, a pane never tapped, and a pane whose @amux_tap a program forged.
func TestSharedTapAdoptsOnlyDeadTaps(t *testing.T) {
	srv := tmuxtest.New(t)
	dead, printDead := panePrinter(t, srv, "dead")
	legacy, _ := panePrinter(t, srv, "legacy")
	never := srv.Session(t, "never", nil)
	forged := srv.Session(t, "forged", nil)
	gone := exec.Command("true")
	if err := gone.Run(); err != nil {
		t.Fatal(err)
	}
	srv.MustRun(t, "set-option", "-p", "-t", dead.PaneID, tmux.PaneTap, strconv.Itoa(gone.Process.Pid)+":")
	srv.MustRun(t, "set-option", "-p", "-t", forged.PaneID, tmux.PaneTap, strconv.Itoa(gone.Process.Pid)+":#{pane_id},x}")
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	socket := socketOf(t, srv)
	srv.MustRun(t, "pipe-pane", "-o", "-t", legacy.PaneID,
		tmux.FormatTimeLiteral("exec "+ShellQuote(self)+" "+TapVerb+" -S "+ShellQuote(socket)+" "+legacy.PaneID))
	legacyTap := announcedTap(t, srv, legacy.PaneID)

	paths, err := sharedPathsFor(socket)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	runner := &controlRunner{client: srv.Client}
	d, err := newShared(ctx, sharedConfig{paths: paths, runner: runner, idleExit: time.Hour, readGap: DefaultReadGap,
		logf: t.Logf, bin: hostileBinary(t), socket: socket})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		d.serve()
	}()
	t.Cleanup(func() {
		cancel()
		<-done
		runner.Close()
	})
	waitOption(t, srv, dead.PaneID, tmux.PaneTap, tapIdentity())
	printDead([]byte("\x1b]7501;state=done:msg=" + b64("adopted") + "\x07"))
	waitOption(t, srv, dead.PaneID, tmux.PaneReportedMessage, "adopted")
	if got := announcedTap(t, srv, legacy.PaneID); got != legacyTap {
		t.Fatalf("the live per-pane tap %d was replaced by %d", legacyTap, got)
	}
	for _, p := range []string{never.PaneID, forged.PaneID} {
		if pipe := strings.TrimSpace(srv.MustRun(t, "display-message", "-p", "-t", p, "#{pane_pipe}")); pipe != "0" {
			t.Fatalf("pane %s was piped (pane_pipe %s)", p, pipe)
		}
	}
	if d.paneCount() != 1 {
		t.Fatalf("the shared tap reads %d panes, want the adopted one", d.paneCount())
	}
}
