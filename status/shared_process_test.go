//go:build linux

package status

import (
	"context"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"amux.dev/amux/config/procid"
	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

// announcedTap waits for the pane's @amux_tap and returns its pid.
func announcedTap(t *testing.T, srv *tmuxtest.Server, pane string) int {
	t.Helper()
	var pid int
	tmuxtest.WaitFor(t, 10*time.Second, func() (bool, string) {
		v := paneOptions(t, srv, pane)[tmux.PaneTap]
		p, tok, ok := ParseTapIdentity(v)
		pid = p
		return ok && procid.Alive(p, tok), "@amux_tap = " + v
	})
	return pid
}

// endTapProcess stops, at the end of the test, the tap process the test
// started: by pid, and only while that pid is still the same process.
func endTapProcess(t *testing.T, pid int) {
	tok := procid.Token(pid)
	t.Cleanup(func() {
		if procid.Alive(pid, tok) {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
	})
}

// statField returns field n (1-based, as in proc(5)) of /proc/pid/stat.
func statField(t *testing.T, pid, n int) string {
	t.Helper()
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	return f[n-3]
}

// TestSharedTapKilledAndRestarted: the shared tap is a process of its own
// session, shared by every pane; killed with SIGKILL it leaves a stale
// socket and panes whose tap died, and reinstalling the taps starts a new
// one that reads the panes' later reports.
func TestSharedTapKilledAndRestarted(t *testing.T) {
	srv := tmuxtest.New(t)
	a, printA := panePrinter(t, srv, "a")
	b, printB := panePrinter(t, srv, "b")
	bin := hostileBinary(t)
	ctx := context.Background()
	for _, p := range []string{a.PaneID, b.PaneID} {
		if err := InstallTap(ctx, srv, bin, p); err != nil {
			t.Fatal(err)
		}
	}
	pid := announcedTap(t, srv, a.PaneID)
	endTapProcess(t, pid)
	if got := announcedTap(t, srv, b.PaneID); got != pid {
		t.Fatalf("panes tapped by %d and %d: want one shared tap", pid, got)
	}
	if pid == os.Getpid() {
		t.Fatal("the shared tap runs in the test")
	}
	if sid := statField(t, pid, 6); sid != strconv.Itoa(pid) {
		t.Fatalf("the shared tap is in session %s, not its own: a hangup or amux quitting could reach it", sid)
	}
	printA([]byte("\x1b]7501;state=working:app=a\x07"))
	waitOption(t, srv, a.PaneID, tmux.PaneReportedState, "working")

	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	tmuxtest.WaitFor(t, 10*time.Second, func() (bool, string) {
		return !procid.Alive(pid, ""), "the killed shared tap still runs"
	})
	// tmux finds the pipe broken at the pane's next output (once the last
	// holder of its read end, perhaps a slow handover child, is gone).
	tmuxtest.WaitFor(t, 30*time.Second, func() (bool, string) {
		printB([]byte("lost\r\n"))
		out := strings.TrimSpace(srv.MustRun(t, "display-message", "-p", "-t", b.PaneID, "#{pane_pipe}"))
		return out == "0", "pane_pipe " + out + " after the shared tap died and the pane printed"
	})
	// The repair of one pane, as workspace.RepairTap does it: the new
	// shared tap it starts adopts the other pane, whose tap had died too.
	srv.MustRun(t, "pipe-pane", "-t", a.PaneID)
	if err := InstallTap(ctx, srv, bin, a.PaneID); err != nil {
		t.Fatal(err)
	}
	pid2 := announcedTap(t, srv, a.PaneID)
	endTapProcess(t, pid2)
	if pid2 == pid || announcedTap(t, srv, b.PaneID) != pid2 {
		t.Fatalf("after the repair: taps %d and %d (the killed one was %d)", pid2, announcedTap(t, srv, b.PaneID), pid)
	}
	printA([]byte("\x1b]7501;state=done:app=a:msg=" + b64("later a") + "\x07"))
	printB([]byte("\x1b]7501;state=done:app=b:msg=" + b64("later b") + "\x07"))
	waitOption(t, srv, a.PaneID, tmux.PaneReportedMessage, "later a")
	waitOption(t, srv, b.PaneID, tmux.PaneReportedMessage, "later b")
}

// TestSharedTapExitsWithItsServer: when the server goes, every stream
// ends and the shared tap exits after its idle wait, socket removed.
func TestSharedTapExitsWithItsServer(t *testing.T) {
	srv := tmuxtest.New(t)
	created, _ := panePrinter(t, srv, "x")
	paths, err := sharedPathsFor(socketOf(t, srv))
	if err != nil {
		t.Fatal(err)
	}
	if err := InstallTap(context.Background(), srv, hostileBinary(t), created.PaneID); err != nil {
		t.Fatal(err)
	}
	pid := announcedTap(t, srv, created.PaneID)
	endTapProcess(t, pid)
	srv.MustRun(t, "kill-server")
	tmuxtest.WaitFor(t, defaultIdleExit+10*time.Second, func() (bool, string) {
		return !procid.Alive(pid, ""), "the shared tap outlived its server"
	})
	if _, err := os.Lstat(paths.sock); !os.IsNotExist(err) {
		t.Fatalf("socket left behind: %v", err)
	}
}

// TestPerPaneTapVerbStillWorks: panes an older amux piped to
// `--internal-tap -S socket %N` keep a tap of their own.
func TestPerPaneTapVerbStillWorks(t *testing.T) {
	srv := tmuxtest.New(t)
	created, print := panePrinter(t, srv, "old")
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := tmux.FormatTimeLiteral("exec " + ShellQuote(self) + " " + TapVerb + " -S " + ShellQuote(socketOf(t, srv)) + " " + created.PaneID)
	srv.MustRun(t, "pipe-pane", "-o", "-t", created.PaneID, cmd)
	pid := announcedTap(t, srv, created.PaneID)
	if pipe := strings.TrimSpace(srv.MustRun(t, "display-message", "-p", "-t", created.PaneID, "#{pane_pipe}")); pipe != "1" {
		t.Fatalf("pane_pipe %q", pipe)
	}
	if _, err := os.Stat("/proc/" + strconv.Itoa(pid)); err != nil {
		t.Fatal(err)
	}
	print([]byte("\x1b]7501;state=blocked:kind=question\x07"))
	waitOption(t, srv, created.PaneID, tmux.PaneReportedState, "blocked")
}

// TestSharedTapUnreachableFallsBack: when no shared tap can run (here its
// socket path is taken by a plain file), the pipe-pane child taps the pane
// itself instead of leaving it untapped.
func TestSharedTapUnreachableFallsBack(t *testing.T) {
	srv := tmuxtest.New(t)
	created, print := panePrinter(t, srv, "fb")
	paths, err := sharedPathsFor(socketOf(t, srv))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(paths.sock, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Remove(paths.sock) })
	if err := InstallTap(context.Background(), srv, hostileBinary(t), created.PaneID); err != nil {
		t.Fatal(err)
	}
	tmuxtest.WaitFor(t, handoverWait+10*time.Second, func() (bool, string) {
		_, _, ok := ParseTapIdentity(paneOptions(t, srv, created.PaneID)[tmux.PaneTap])
		return ok, "no tap announced"
	})
	print([]byte("\x1b]7501;state=done:msg=" + b64("fell back") + "\x07"))
	waitOption(t, srv, created.PaneID, tmux.PaneReportedMessage, "fell back")
}
