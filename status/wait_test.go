package status

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

type waitResult struct {
	code        int
	out, errOut string
}

// startWait runs `amux wait args` in-process against srv.
func startWait(t *testing.T, srv *tmuxtest.Server, args ...string) <-chan waitResult {
	t.Helper()
	return startWaitSubscribed(t, srv, subscriptionName, args...)
}

// startWaitSubscribed is startWait with the watcher's format subscription
// named ("" for none).
func startWaitSubscribed(t *testing.T, srv *tmuxtest.Server, subscription string, args ...string) <-chan waitResult {
	t.Helper()
	getenv := func(k string) string {
		switch k {
		case tmux.EnvServer:
			return srv.Name
		case tmux.EnvConfig:
			return tmux.DefaultConfigPath
		}
		return ""
	}
	amuxRunning(t, srv)
	ch := make(chan waitResult, 1)
	go func() {
		var out, errb bytes.Buffer
		code := runWait(args, &out, &errb, waitEnv{getenv: getenv, subscription: subscription})
		ch <- waitResult{code, out.String(), errb.String()}
	}()
	return ch
}

// amuxRunning gives a server that has sessions the control session a
// running amux (or its status taps) keeps, which wait attaches to; a
// server that is not up is left alone.
func amuxRunning(t *testing.T, srv *tmuxtest.Server) {
	t.Helper()
	if srv.Client == nil {
		return // a test of a server that is not there
	}
	if _, err := srv.Run(context.Background(), "has-session"); err != nil {
		return
	}
	_, err := srv.Run(context.Background(), "new-session", "-d", "-s", tmux.ControlSession, "exec sleep 600")
	if err != nil && !strings.Contains(err.Error(), "duplicate session") {
		t.Fatal(err)
	}
}

func result(t *testing.T, ch <-chan waitResult) waitResult {
	t.Helper()
	select {
	case r := <-ch:
		return r
	case <-time.After(15 * time.Second):
		t.Fatal("amux wait did not return")
		return waitResult{}
	}
}

// waitAttached waits until a control client (amux wait's) is attached.
func waitAttached(t *testing.T, srv *tmuxtest.Server) {
	t.Helper()
	tmuxtest.WaitFor(t, 10*time.Second, func() (bool, string) {
		out, _ := srv.Run(context.Background(), "list-clients", "-F", "#{client_control_mode}")
		return strings.Contains(out, "1"), "no control client attached: " + out
	})
}

// publish does what the tap does: set the options and signal, in one call.
func publish(t *testing.T, srv *tmuxtest.Server, pane string, v optionValues) {
	t.Helper()
	srv.MustRun(t, publishArgs(pane, optionValues{}, v, false)...)
}

func reported(state, kind, app, msg string) optionValues {
	var v optionValues
	v[optState], v[optKind], v[optApp], v[optMessage] = state, kind, app, msg
	v[optAt] = strconv.FormatInt(time.Now().UnixMilli(), 10)
	return v
}

func TestWaitStoredStateMatchesAtStart(t *testing.T) {
	srv := tmuxtest.New(t)
	c := srv.Session(t, "amux-ws1-tab", map[string]string{tmux.TagWorkspace: "ws1"})
	publish(t, srv, c.PaneID, reported("blocked", "question", "my-tool", "needs a decision"))
	r := result(t, startWait(t, srv, "--state", "blocked,error", "--workspace", "ws1", "--timeout", "10s"))
	want := "session=amux-ws1-tab state=blocked kind=question app=my-tool message='needs a decision'\n"
	if r.code != 0 || r.out != want {
		t.Fatalf("code %d out %q err %q", r.code, r.out, r.errOut)
	}
}

func TestWaitWakesOnPublish(t *testing.T) {
	srv := tmuxtest.New(t)
	c := srv.Session(t, "s", nil)
	publish(t, srv, c.PaneID, reported("working", "", "", ""))
	ch := startWait(t, srv, "--state", "done", "--session", "s", "--timeout", "10s")
	waitAttached(t, srv)
	publish(t, srv, c.PaneID, reported("done", "", "agent", "all green"))
	r := result(t, ch)
	if r.code != 0 || r.out != "session=s state=done kind= app=agent message='all green'\n" {
		t.Fatalf("code %d out %q err %q", r.code, r.out, r.errOut)
	}
}

// TestWaitCatchesUnsignalledChange: an option set without the wake signal
// (another tool, an older tap) is still seen, through the subscription.
func TestWaitCatchesUnsignalledChange(t *testing.T) {
	srv := tmuxtest.New(t)
	c := srv.Session(t, "s", nil)
	ch := startWait(t, srv, "--state", "error", "--timeout", "10s")
	waitAttached(t, srv)
	srv.MustRun(t, "set-option", "-p", "-t", c.PaneID, tmux.PaneReportedState, "error")
	if r := result(t, ch); r.code != 0 || !strings.Contains(r.out, "state=error") {
		t.Fatalf("code %d out %q err %q", r.code, r.out, r.errOut)
	}
}

// TestWaitReadsByProcessWhenSubscribeFails: a control client that cannot
// subscribe hands over to plain reads, which still see a change nobody
// signalled. With --command only a read after the first can match, so the
// wait ending proves such a read happened.
func TestWaitReadsByProcessWhenSubscribeFails(t *testing.T) {
	srv := tmuxtest.New(t)
	c := srv.Session(t, "sh", nil)
	ch := startWaitSubscribed(t, srv, "bad:name", "--command", "--session", "sh", "--timeout", "10s")
	for i := 1; ; i++ {
		// Exit code and end stamp in one call, and no wake signal.
		srv.MustRun(t, "set-option", "-p", "-t", c.PaneID, tmux.PaneCommandExit, "4", tmux.Sep,
			"set-option", "-p", "-t", c.PaneID, tmux.PaneCommandEndedAt, strconv.Itoa(i))
		select {
		case r := <-ch:
			if r.code != 4 || r.out != "session=sh exit=4\n" {
				t.Fatalf("%+v", r)
			}
			return
		case <-time.After(200 * time.Millisecond):
		}
		if i > 60 {
			t.Fatal("amux wait --command never saw an unsignalled completion")
		}
	}
}

func TestWaitTimesOut(t *testing.T) {
	srv := tmuxtest.New(t)
	c := srv.Session(t, "s", nil)
	publish(t, srv, c.PaneID, reported("working", "", "", ""))
	r := result(t, startWait(t, srv, "--state", "done", "--timeout", "300ms"))
	if r.code != 2 || r.out != "" || !strings.Contains(r.errOut, "timed out") {
		t.Fatalf("code %d out %q err %q", r.code, r.out, r.errOut)
	}
}

func TestWaitIgnoresDeadPanesTransientState(t *testing.T) {
	srv := tmuxtest.New(t)
	work := srv.Session(t, "work", nil)
	done := srv.Session(t, "done", nil)
	for _, c := range []tmux.Created{work, done} {
		srv.MustRun(t, "set-option", "-p", "-t", c.PaneID, "remain-on-exit", "on")
	}
	publish(t, srv, work.PaneID, reported("working", "", "", ""))
	publish(t, srv, done.PaneID, reported("done", "", "", "kept"))
	for _, c := range []tmux.Created{work, done} {
		srv.MustRun(t, "respawn-pane", "-k", "-t", c.PaneID, "true")
	}
	tmuxtest.WaitFor(t, 10*time.Second, func() (bool, string) {
		out := srv.MustRun(t, "list-panes", "-a", "-F", "#{pane_dead}")
		return out == "1\n1\n", "panes not dead yet: " + out
	})
	// Respawning kept the options; the processes are gone.
	if r := result(t, startWait(t, srv, "--state", "working,blocked", "--timeout", "1500ms")); r.code != 2 {
		t.Fatalf("a dead pane's working report matched: %+v", r)
	}
	if r := result(t, startWait(t, srv, "--state", "done", "--timeout", "5s")); r.code != 0 || !strings.Contains(r.out, "message=kept") {
		t.Fatalf("done survives its process: %+v", r)
	}
}

func TestWaitSessionAppearsLater(t *testing.T) {
	srv := tmuxtest.New(t)
	// With no server at all, wait keeps trying until its timeout.
	if r := result(t, startWait(t, srv, "--state", "done", "--session", "late", "--timeout", "500ms")); r.code != 2 {
		t.Fatalf("no server: %+v", r)
	}
	// "other" comes first: tmux 3.3a's server can crash when a control
	// client ends while a session is being made (the watcher's attach to
	// the first session may end when it re-targets), so no session is made
	// after the watcher has attached but the one it waits for.
	srv.Session(t, "other", nil)
	ch := startWait(t, srv, "--state", "done", "--session", "late", "--timeout", "12s")
	c := srv.Session(t, "late", nil)
	publish(t, srv, c.PaneID, reported("done", "", "", ""))
	if r := result(t, ch); r.code != 0 || !strings.HasPrefix(r.out, "session=late state=done") {
		t.Fatalf("%+v", r)
	}
}

func TestWaitCommandExitCode(t *testing.T) {
	srv := tmuxtest.New(t)
	c := srv.Session(t, "sh", nil)
	var v optionValues
	v[optCmdState], v[optCmdExit], v[optCmdEnded] = "idle", "0", "1"
	publish(t, srv, c.PaneID, v) // a completion from before wait started
	ch := startWait(t, srv, "--command", "--session", "sh", "--timeout", "10s")
	waitAttached(t, srv)
	// Keep completing commands until wait reports one: any completion after
	// its baseline counts, so this cannot race the baseline read.
	for i := 2; ; i++ {
		v[optCmdExit], v[optCmdEnded] = "3", strconv.Itoa(i)
		publish(t, srv, c.PaneID, v)
		select {
		case r := <-ch:
			if r.code != 3 || r.out != "session=sh exit=3\n" {
				t.Fatalf("%+v", r)
			}
			return
		case <-time.After(200 * time.Millisecond):
		}
		if i > 50 {
			t.Fatal("amux wait --command never returned")
		}
	}
}

func TestWaitWithoutTmux(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	srv := &tmuxtest.Server{Name: "amux-test-none"}
	r := result(t, startWait(t, srv, "--state", "done", "--timeout", "1s"))
	if r.code != 1 || !strings.Contains(r.errOut, "tmux") {
		t.Fatalf("%+v", r)
	}
}

func TestWaitUsageErrors(t *testing.T) {
	srv := &tmuxtest.Server{Name: "amux-test-none"}
	r := result(t, startWait(t, srv, "--state", "sleeping"))
	if r.code != 2 || !strings.Contains(r.errOut, "sleeping") {
		t.Fatalf("%+v", r)
	}
	if r := result(t, startWait(t, srv, "--help")); r.code != 0 || !strings.Contains(r.out, "--timeout") {
		t.Fatalf("%+v", r)
	}
}

// TestPaneFormatSurvivesHostileValues: values with newlines and separator
// bytes cannot break or forge records.
func TestPaneFormatSurvivesHostileValues(t *testing.T) {
	srv := tmuxtest.New(t)
	a := srv.Session(t, "a", nil)
	b := srv.Session(t, "b", nil)
	evil := "x\n%9\x1fdone\x1e%8\x1f"
	srv.MustRun(t, "set-option", "-p", "-t", a.PaneID, tmux.PaneReportedMessage, evil)
	srv.MustRun(t, "set-option", "-p", "-t", a.PaneID, tmux.PaneReportedState, "done")
	srv.MustRun(t, "set-option", "-p", "-t", b.PaneID, tmux.PaneReportedApp, evil)
	panes := ParsePanes(srv.MustRun(t, ListPanesArgs()...))
	if len(panes) != 2 || panes[0].PaneID != a.PaneID || panes[1].PaneID != b.PaneID {
		t.Fatalf("%+v", panes)
	}
	if panes[0].State != StateDone || strings.ContainsAny(panes[0].Message, "\n\x1e\x1f") {
		t.Fatalf("%+v", panes[0])
	}
}
