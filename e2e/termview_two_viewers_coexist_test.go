package e2e

import (
	"bytes"
	"testing"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
)

// Two views (two amux instances, say) attach to one session: neither
// detaches the other, both see the agent, and both can type to it.
func TestTermviewTwoViewersCoexist(t *testing.T) {
	srv := harness.NewServer(t)
	name := tmux.SessionName("amux", "0123456789abcdef", "tab-two-1")
	agent := harness.StartFakeAgent(t, srv, name, map[string]string{tmux.TagManaged: "1"})
	first := attachView(t, srv, name, 80, 24)
	first.waitText("fakeagent ready")
	second := attachView(t, srv, name, 80, 24)
	second.waitText("fakeagent ready")

	first.typeText("one")
	agent.WaitReceived(t, []byte("one"))
	second.typeText("two")
	second.press(tea.KeyEnter, 0)
	agent.WaitReceived(t, []byte("onetwo\r"))
	first.waitText("onetwo")
	second.waitText("onetwo")

	clients := tmuxOut(t, srv, "list-clients", "-t", tmux.ExactSession(name), "-F", "#{client_pid}")
	if n := len(bytes.Fields([]byte(clients))); n != 2 {
		t.Fatalf("%d clients attached, want 2:\n%s", n, clients)
	}
	if first.m.Closed() || second.m.Closed() {
		t.Fatal("a view was detached")
	}
}
