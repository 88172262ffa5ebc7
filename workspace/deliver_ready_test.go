package workspace

import (
	"context"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/tmux"
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
