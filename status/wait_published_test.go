package status

import (
	"testing"

	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

// A pane that never reports but whose published state is blocked (a
// screen rule matched) matches `wait --published`, with the published
// reason as its message; the report-only default does not see it.
func TestWaitPublishedMatchesThePublishedState(t *testing.T) {
	srv := tmuxtest.New(t)
	srv.Session(t, "amux-ws1-tab", map[string]string{tmux.TagWorkspace: "ws1", tmux.TagAssistant: "codex"})
	srv.MustRun(t, tmux.Chain(
		tmux.SetSessionOptionArgs("amux-ws1-tab", tmux.TagAgentState, "blocked"),
		tmux.SetSessionOptionArgs("amux-ws1-tab", tmux.TagAgentReason, "Allow command?"))...)
	if r := result(t, startWait(t, srv, "--state", "blocked", "--timeout", "1s")); r.code != 2 {
		t.Fatalf("the report-only default matched a published state: %+v", r)
	}
	r := result(t, startWait(t, srv, "--published", "--state", "blocked", "--workspace", "ws1", "--timeout", "10s"))
	want := "session=amux-ws1-tab state=blocked kind= app=codex message='Allow command?'\n"
	if r.code != 0 || r.out != want {
		t.Fatalf("code %d out %q err %q", r.code, r.out, r.errOut)
	}
}

// A published state changing while wait runs wakes it: the monitor
// signals the taps' wake channel with what it publishes, as done here.
func TestWaitPublishedWakesOnChange(t *testing.T) {
	srv := tmuxtest.New(t)
	// By id, as the monitor writes: a bare name is also a window name's
	// prefix to tmux, and the control session's window is "sleep".
	id := srv.Session(t, "s", nil).SessionID
	srv.MustRun(t, tmux.SetSessionOptionArgs(id, tmux.TagAgentState, "working")...)
	ch := startWait(t, srv, "--published", "--state", "done", "--session", "s", "--timeout", "10s")
	waitAttached(t, srv)
	srv.MustRun(t, tmux.Chain(tmux.SetSessionOptionArgs(id, tmux.TagAgentState, "done"),
		[]string{"wait-for", "-S", WakeChannel})...)
	if r := result(t, ch); r.code != 0 || r.out != "session=s state=done kind= app= message=\n" {
		t.Fatalf("%+v", r)
	}
}

func TestWaitPublishedRefusesCommand(t *testing.T) {
	srv := &tmuxtest.Server{Name: "amux-test-none"}
	if r := result(t, startWait(t, srv, "--published", "--command")); r.code != 2 {
		t.Fatalf("%+v", r)
	}
}
