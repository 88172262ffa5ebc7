package monitor

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

// The monitor's control client lives on amux's control session, never on
// an agent's (a control client counts as focused in tmux 3.3); once the
// last agent is gone it lets go, the control session is retired, and the
// server, empty, exits as it did before the control session existed.
func TestTheMonitorLetsTheControlSessionGoWithTheLastAgent(t *testing.T) {
	srv := tmuxtest.New(t)
	f := newFixture(t, "solo", srv, nil)
	session(t, srv, "amux-last-1", tmux.TypeAgent)
	f.poll(t)
	if f.mon.ctl == nil {
		t.Fatal("the monitor did not attach")
	}
	if out := srv.MustRun(t, "list-clients", "-F", "#{client_session}"); strings.TrimSpace(out) != tmux.ControlSession {
		t.Fatalf("the monitor's control client is on %q, want the control session", out)
	}
	srv.MustRun(t, "kill-session", "-t", "=amux-last-1")
	f.poll(t)
	if f.mon.ctl != nil {
		t.Fatal("the monitor kept its control client with no agent left")
	}
	tmuxtest.WaitFor(t, 10*time.Second, func() (bool, string) {
		_, err := srv.Run(context.Background(), "has-session")
		return tmux.IsNoServer(err), fmt.Sprintf("the server is still up with no agent (has-session: %v)", err)
	})
}
