package status

import (
	"context"
	"io"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

// liveTap runs RunTap in-process against a real pane, fed from a pipe the
// test writes to.
type liveTap struct {
	srv    *tmuxtest.Server
	pane   string
	runner *countingRunner
	in     *io.PipeWriter
	done   chan error
}

func startLiveTap(t *testing.T) *liveTap {
	t.Helper()
	srv := tmuxtest.New(t)
	created := srv.Session(t, "tap", nil)
	r, w := io.Pipe()
	lt := &liveTap{srv: srv, pane: created.PaneID, runner: &countingRunner{r: srv.Client}, in: w, done: make(chan error, 1)}
	go func() {
		lt.done <- RunTap(context.Background(), TapConfig{PaneID: created.PaneID, Runner: lt.runner}, r)
	}()
	t.Cleanup(func() { w.Close(); <-lt.done })
	// The tap announces itself at once (@amux_tap); tests count the calls
	// their own writes cost from there.
	tmuxtest.WaitFor(t, 10*time.Second, func() (bool, string) {
		v := paneOptions(t, srv, created.PaneID)[tmux.PaneTap]
		return v != "", "@amux_tap never published"
	})
	lt.runner.mu.Lock()
	lt.runner.calls = nil
	lt.runner.mu.Unlock()
	return lt
}

func (lt *liveTap) write(t *testing.T, s string) {
	t.Helper()
	if _, err := lt.in.Write([]byte(s)); err != nil {
		t.Fatal(err)
	}
}

func lastCall(c *countingRunner) []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.calls) == 0 {
		return nil
	}
	return c.calls[len(c.calls)-1]
}

func TestTapPublishesFoldAsPaneOptions(t *testing.T) {
	lt := startLiveTap(t)
	lt.write(t, "some output\r\n\x1b]7501;state=working:app=claude:msg="+b64("Refactoring the parser")+"\x1b\\")
	waitOption(t, lt.srv, lt.pane, tmux.PaneReportedState, "working")
	opts := paneOptions(t, lt.srv, lt.pane)
	if opts[tmux.PaneReportedApp] != "claude" || opts[tmux.PaneReportedMessage] != "Refactoring the parser" || opts[tmux.PaneReportedKind] != "" {
		t.Fatalf("options %v", opts)
	}
	if at := opts[tmux.PaneReportedAt]; len(at) != 13 {
		t.Fatalf("@amux_reported_at %q is not Unix ms", at)
	}

	// A blocked sub-record under the working root wins, with its kind.
	lt.write(t, "\x1b]7501;state=blocked:app=claude:id=tool/1:kind=permission:msg="+b64("Run rm?")+"\x07")
	waitOption(t, lt.srv, lt.pane, tmux.PaneReportedState, "blocked")
	if opts := paneOptions(t, lt.srv, lt.pane); opts[tmux.PaneReportedKind] != "permission" || opts[tmux.PaneReportedMessage] != "Run rm?" {
		t.Fatalf("blocked options %v", opts)
	}

	// Clearing the sub-record falls back to working and unsets kind.
	lt.write(t, "\x1b]7501;state=clear:app=claude:id=tool\x07")
	waitOption(t, lt.srv, lt.pane, tmux.PaneReportedState, "working")
	if opts := paneOptions(t, lt.srv, lt.pane); opts[tmux.PaneReportedKind] != "" {
		t.Fatalf("kind should be unset: %v", opts)
	}

	// Clearing the app empties the fold: every reported option is unset.
	lt.write(t, "\x1b]7501;state=clear:app=claude\x07")
	waitOption(t, lt.srv, lt.pane, tmux.PaneReportedState, "")
	for _, k := range []string{tmux.PaneReportedKind, tmux.PaneReportedApp, tmux.PaneReportedMessage, tmux.PaneReportedAt} {
		if v := paneOptions(t, lt.srv, lt.pane)[k]; v != "" {
			t.Fatalf("%s still %q after the fold emptied", k, v)
		}
	}
}

func TestTapSanitizesAndCapsMessage(t *testing.T) {
	lt := startLiveTap(t)
	long := strings.Repeat("é", 200)
	lt.write(t, "\x1b]7501;state=done:msg="+b64(long)+"\x07")
	waitOption(t, lt.srv, lt.pane, tmux.PaneReportedState, "done")
	if got := paneOptions(t, lt.srv, lt.pane)[tmux.PaneReportedMessage]; got != strings.Repeat("é", 128) {
		t.Fatalf("message not capped at 128 runes: %d runes", len([]rune(got)))
	}
}

// TestTapOneCallPerChange: each change is one tmux invocation carrying the
// wake signal; malformed and oversized reports change nothing and cost none.
func TestTapOneCallPerChange(t *testing.T) {
	lt := startLiveTap(t)
	lt.write(t, "\x1b]7501;state=working\x07")
	waitOption(t, lt.srv, lt.pane, tmux.PaneReportedState, "working")
	if n := lt.runner.count(); n != 1 {
		t.Fatalf("%d calls for one change", n)
	}
	call := strings.Join(lastCall(lt.runner), " ")
	if !strings.HasSuffix(call, "wait-for -S "+WakeChannel) || !strings.Contains(call, lt.pane) {
		t.Fatalf("publish call %q", call)
	}
	lt.write(t, "\x1b]7501;state=sleeping\x07\x1b]7501;state=done:kind=auth\x07\x1b]7501;state=done:msg=***\x07")
	lt.write(t, "\x1b]7501;state=done:x="+strings.Repeat("a", 2*MaxReportBytes)+"\x07")
	// A real change after the junk proves the junk was processed first.
	lt.write(t, "\x1b]7501;state=error:app=x\x07")
	waitOption(t, lt.srv, lt.pane, tmux.PaneReportedState, "error")
	if n := lt.runner.count(); n != 2 {
		t.Fatalf("%d calls; malformed, oversized and no-op reports must not publish (a repeated report does: its _at moves)", n)
	}
}

func TestTapCommandTracking(t *testing.T) {
	lt := startLiveTap(t)
	lt.write(t, "\x1b]7501;state=done:app=a\x07\x1b]7501;state=working:app=b\x07\x1b]7501;state=blocked:app=c\x07")
	waitOption(t, lt.srv, lt.pane, tmux.PaneReportedState, "blocked")
	// A new prompt drops working and blocked, keeps done.
	lt.write(t, "\x1b]133;A\x07$ ")
	waitOption(t, lt.srv, lt.pane, tmux.PaneReportedState, "done")
	waitOption(t, lt.srv, lt.pane, tmux.PaneCommandState, "idle")

	lt.write(t, "\x1b]133;B\x07make\r\n\x1b]133;C\x07")
	waitOption(t, lt.srv, lt.pane, tmux.PaneCommandState, "running")
	if v := paneOptions(t, lt.srv, lt.pane)[tmux.PaneCommandStartedAt]; len(v) != 13 {
		t.Fatalf("started_at %q", v)
	}
	lt.write(t, "output\r\n\x1b]133;D;2\x07")
	waitOption(t, lt.srv, lt.pane, tmux.PaneCommandState, "idle")
	opts := paneOptions(t, lt.srv, lt.pane)
	if opts[tmux.PaneCommandExit] != "2" || len(opts[tmux.PaneCommandEndedAt]) != 13 {
		t.Fatalf("command options %v", opts)
	}
	// A D without a new C is a prompt redraw, not a command.
	n := lt.runner.count()
	lt.write(t, "\x1b]133;D;0\x07\x1b]7501;state=error:app=z\x07")
	waitOption(t, lt.srv, lt.pane, tmux.PaneReportedState, "error")
	if got := paneOptions(t, lt.srv, lt.pane)[tmux.PaneCommandExit]; got != "2" {
		t.Fatalf("a stray D changed the exit code to %q", got)
	}
	if lt.runner.count() != n+1 {
		t.Fatalf("stray D cost a call")
	}
}

// TestTapEOFDropsTransient: when the stream ends (the process is gone), the
// tap publishes the fold without working/blocked records, then exits.
func TestTapEOFDropsTransient(t *testing.T) {
	lt := startLiveTap(t)
	lt.write(t, "\x1b]7501;state=done:app=a:msg="+b64("kept")+"\x07\x1b]7501;state=working:app=b\x07")
	waitOption(t, lt.srv, lt.pane, tmux.PaneReportedState, "working")
	lt.in.Close()
	select {
	case err := <-lt.done:
		if err != nil {
			t.Fatal(err)
		}
		lt.done <- nil // for cleanup
	case <-time.After(10 * time.Second):
		t.Fatal("tap did not exit at EOF")
	}
	if opts := paneOptions(t, lt.srv, lt.pane); opts[tmux.PaneReportedState] != "done" || opts[tmux.PaneReportedMessage] != "kept" {
		t.Fatalf("after EOF: %v", opts)
	}
}

// TestTapProcessExitDropsTransient: with remain-on-exit tmux keeps the pane
// and the pipe, so no EOF comes; the tap still sees the process end.
func TestTapProcessExitDropsTransient(t *testing.T) {
	lt := startLiveTap(t)
	lt.srv.MustRun(t, "set-option", "-p", "-t", lt.pane, "remain-on-exit", "on")
	kill := func() {
		t.Helper()
		pid, err := strconv.Atoi(strings.TrimSpace(lt.srv.MustRun(t, "display-message", "-p", "-t", lt.pane, "#{pane_pid}")))
		if err != nil {
			t.Fatal(err)
		}
		if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
	}
	lt.write(t, "\x1b]7501;state=done:app=a:msg="+b64("kept")+"\x07\x1b]7501;state=working:app=b\x07")
	waitOption(t, lt.srv, lt.pane, tmux.PaneReportedState, "working")
	kill()
	waitOption(t, lt.srv, lt.pane, tmux.PaneReportedState, "done")

	// A respawned process is watched again once it produces output.
	lt.srv.MustRun(t, "respawn-pane", "-t", lt.pane, "sleep", "3600")
	lt.write(t, "\x1b]7501;state=blocked:app=b\x07")
	waitOption(t, lt.srv, lt.pane, tmux.PaneReportedState, "blocked")
	kill()
	waitOption(t, lt.srv, lt.pane, tmux.PaneReportedState, "done")
}

// TestTapCoalescesFloods: a program reporting in a tight loop costs a
// bounded number of tmux calls, and the last report wins.
func TestTapCoalescesFloods(t *testing.T) {
	lt := startLiveTap(t)
	const n = 500
	start := time.Now()
	for i := range n {
		lt.write(t, "\x1b]7501;state=working:progress="+strconv.Itoa(i%101)+":msg="+b64("step "+strconv.Itoa(i))+"\x07")
	}
	waitOption(t, lt.srv, lt.pane, tmux.PaneReportedMessage, "step "+strconv.Itoa(n-1))
	calls := lt.runner.count()
	if limit := int(time.Since(start)/minPublishGap) + publishBurst + 1; calls > limit {
		t.Fatalf("%d publishes for %d reports in %v (limit %d)", calls, n, time.Since(start), limit)
	}
}
