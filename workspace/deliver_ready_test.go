package workspace

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

// A composer that is on screen before it reads loses the first paste:
// amux sees the composer never showed the text, pastes once more, and
// only then presses Enter — once.
func TestDeliverRetriesAPasteTheComposerLost(t *testing.T) {
	e, a := deliverSetup(t, agentLate)
	d, err := e.Deliver(context.Background(), DeliverRequest{Session: a.session, Assistant: "codex",
		Text: "write the tests first", Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if !d.Confirmed || d.By != "composer emptied" {
		t.Fatalf("delivery %+v", d)
	}
	all := strings.Join(a.reads(t), "")
	if n := strings.Count(all, "\x1b[200~write the tests first\x1b[201~"); n != 2 {
		t.Fatalf("the task was pasted %d times, want 2: %q", n, all)
	}
	if n := strings.Count(all, "\r"); n != 1 || !strings.HasSuffix(all, "\r") {
		t.Fatalf("want one Enter, after the second paste: %q", all)
	}
}

// A composer that never shows the pasted text gets no Enter: the task is
// "not delivered", never submitted blind.
func TestDeliverNeverPressesEnterOnNothing(t *testing.T) {
	e, a := deliverSetup(t, agentDeaf)
	d, err := e.Deliver(context.Background(), DeliverRequest{Session: a.session, Assistant: "codex",
		Text: "write the tests first", Timeout: time.Second, ReadyTimeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if d.Confirmed || d.Submitted || !strings.HasPrefix(d.Note, "not delivered") {
		t.Fatalf("delivery %+v", d)
	}
	if all := strings.Join(a.reads(t), ""); strings.Contains(all, "\r") {
		t.Fatalf("an Enter was sent: %q", all)
	}
}

// An agent whose composer never shows and whose program exits is "not
// delivered: the agent exited (status N)".
func TestDeliverToAnAgentThatExitsSaysSo(t *testing.T) {
	e, a := deliverSetup(t, agentTakes)
	a.srv.MustRun(t, "new-session", "-d", "-s", "amux-exits", "--", "sh", "-c", "sleep 1; exit 3")
	a.srv.MustRun(t, "set-option", "-p", "-t", tmux.ExactPane("amux-exits"), "remain-on-exit", "on")
	d, err := e.Deliver(context.Background(), DeliverRequest{Session: "amux-exits", Assistant: "codex",
		Text: "write the tests first", ReadyTimeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if d.Confirmed || d.Submitted || d.Note != "not delivered: the agent exited (status 3)" {
		t.Fatalf("delivery %+v", d)
	}
}

// A folder-trust screen before the composer (a person answering it) does
// not run the ready timeout out: the task goes in once the composer shows.
func TestDeliverWaitsOutAGateScreen(t *testing.T) {
	e, a := deliverSetup(t, agentGated)
	got := make(chan Delivery, 1)
	start := time.Now()
	go func() {
		d, err := e.Deliver(context.Background(), DeliverRequest{Session: a.session, Assistant: "codex",
			Text: "write the tests first", Timeout: 5 * time.Second, ReadyTimeout: 300 * time.Millisecond})
		if err != nil {
			t.Error(err)
		}
		got <- d
	}()
	tmuxtest.WaitFor(t, 10*time.Second, func() (bool, string) {
		return time.Since(start) > 5*300*time.Millisecond, "waiting past the ready timeout"
	})
	select {
	case d := <-got:
		t.Fatalf("gave up on an agent showing a gate: %+v", d)
	default:
	}
	if err := os.WriteFile(a.log+".open", nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if d := <-got; !d.Confirmed || d.By != "composer emptied" {
		t.Fatalf("delivery %+v", d)
	}
}
