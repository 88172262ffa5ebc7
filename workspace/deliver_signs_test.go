package workspace

import (
	"context"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

// An agent that hides a paste behind a placeholder (so its composer never
// shows the text) and queues the message on the CR is confirmed by the
// queued-message row that appears.
func TestDeliverConfirmedByAQueuedMarker(t *testing.T) {
	e, a := deliverSetup(t, agentQueues)
	d, err := e.Deliver(context.Background(), DeliverRequest{Session: a.session, Assistant: "codex",
		Text: "also run go vet", Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if !d.Confirmed || d.By != "queued" {
		t.Fatalf("delivery %+v", d)
	}
	out, _ := tmux.CapturePane(context.Background(), a.srv, a.pane, 0, false)
	if !strings.Contains(out, "↳ also run go vet") {
		t.Fatalf("confirmed as queued, but the screen shows no queued row:\n%s", out)
	}
}

// An agent whose composer gives no sign is confirmed once its own state
// turns working after the CR — its report; the published state, which
// output activity alone can turn working (a start-up screen, the paste's
// echo), proves nothing.
func TestDeliverConfirmedByTheStateTurningWorking(t *testing.T) {
	for _, tc := range []struct {
		name    string
		set     func(a deliverAgent) []string
		confirm bool
	}{
		{"published", func(a deliverAgent) []string {
			return []string{"set-option", "-t", a.session, tmux.TagAgentState, "working"}
		}, false},
		{"reported", func(a deliverAgent) []string {
			return []string{"set-option", "-p", "-t", a.pane, tmux.PaneReportedState, "working"}
		}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e, a := deliverSetup(t, agentHides)
			a.srv.MustRun(t, "set-option", "-t", a.session, tmux.TagAgentState, "idle")
			got := make(chan Delivery, 1)
			errc := make(chan error, 1)
			go func() {
				d, err := e.Deliver(context.Background(), DeliverRequest{Session: a.session, Assistant: "codex",
					Text: "port the lease code", Timeout: 3 * time.Second})
				got <- d
				errc <- err
			}()
			// The state turns working only once the CR is in, as a real
			// agent's would: before it, nothing may confirm.
			tmuxtest.WaitFor(t, 10*time.Second, func() (bool, string) {
				reads := a.reads(t)
				return len(reads) > 0 && reads[len(reads)-1] == "\r", "no CR read yet: " + strings.Join(reads, "|")
			})
			select {
			case d := <-got:
				t.Fatalf("decided before the state turned: %+v", d)
			default:
			}
			a.srv.MustRun(t, tc.set(a)...)
			d := <-got
			if err := <-errc; err != nil {
				t.Fatal(err)
			}
			if d.Confirmed != tc.confirm || (tc.confirm && d.By != "working") || !d.Submitted {
				t.Fatalf("delivery %+v", d)
			}
		})
	}
}

// A screen rule's working verdict after the CR (the agent's busy row) is
// the agent's own word too.
func TestDeliverConfirmedByAWorkingScreenAfterTheEnter(t *testing.T) {
	e, a := deliverSetup(t, agentWorks)
	d, err := e.Deliver(context.Background(), DeliverRequest{Session: a.session, Assistant: "codex",
		Text: "port the lease code", Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if !d.Confirmed || d.By != "working" {
		t.Fatalf("delivery %+v", d)
	}
}

// A pane that was working before the paste proves nothing by being
// working after it: with no other sign the delivery is not confirmed.
func TestDeliverNotConfirmedByAnAgentAlreadyWorking(t *testing.T) {
	e, a := deliverSetup(t, agentHides)
	a.srv.MustRun(t, "set-option", "-t", a.session, tmux.TagAgentState, "working")
	d, err := e.Deliver(context.Background(), DeliverRequest{Session: a.session, Assistant: "codex",
		Text: "port the lease code", Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if d.Confirmed || !strings.HasPrefix(d.Note, "not confirmed") {
		t.Fatalf("delivery %+v", d)
	}
}

// The text arrives as one bracketed paste and the CR as a write of its
// own after it: the agent's reads up to the CR are exactly the paste, the
// CR is a read holding nothing else, and nothing follows it.
func TestDeliverSendsTheCRAsASeparateWriteAfterThePaste(t *testing.T) {
	e, a := deliverSetup(t, agentTakes)
	text := "fix the flaky\nlease test"
	d, err := e.Deliver(context.Background(), DeliverRequest{Session: a.session, Assistant: "codex",
		Text: text, Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	reads := a.reads(t)
	cr := -1
	for i, r := range reads {
		if strings.Contains(r, "\r") {
			if cr >= 0 {
				t.Fatalf("more than one read holds a CR: %q", reads)
			}
			cr = i
		}
	}
	switch {
	case cr < 0:
		t.Fatalf("the agent never read a CR: %q", reads)
	case reads[cr] != "\r":
		t.Fatalf("the CR came in the same write as other input: %q", reads[cr])
	case cr != len(reads)-1:
		t.Fatalf("input after the CR: %q", reads[cr+1:])
	}
	if paste, want := strings.Join(reads[:cr], ""), "\x1b[200~"+text+"\x1b[201~"; paste != want {
		t.Fatalf("before the CR the agent read %q, want the bracketed paste %q", paste, want)
	}
	if !d.Confirmed {
		t.Fatalf("delivery %+v", d)
	}
}
