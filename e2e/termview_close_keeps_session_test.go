package e2e

import (
	"context"
	"testing"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
)

// A person closes an embedded view (or quits amux): only amux's client goes;
// the session and its agent keep running.
func TestTermviewCloseKeepsSession(t *testing.T) {
	srv := harness.NewServer(t)
	name := tmux.SessionName("amux", "0123456789abcdef", "tab-close-1")
	agent := harness.StartFakeAgent(t, srv, name, map[string]string{tmux.TagManaged: "1"})
	v := attachView(t, srv, name, 80, 24)
	v.waitText("fakeagent ready")

	if err := v.term.Close(); err != nil {
		t.Fatal(err)
	}
	v.settle("view closed", func() bool { return v.m.Closed() })
	if clients := tmuxOut(t, srv, "list-clients", "-t", tmux.ExactSession(name)); clients != "" {
		t.Fatalf("clients still attached: %s", clients)
	}
	ok, err := tmux.HasSession(context.Background(), srv, name)
	if err != nil || !ok {
		t.Fatalf("session gone after closing the view: %v", err)
	}
	harness.SendKeysLiteral(t, srv, name, "still here", nil)
	agent.WaitReceived(t, []byte("still here"))
}
