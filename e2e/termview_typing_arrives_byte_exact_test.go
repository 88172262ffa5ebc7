package e2e

import (
	"bytes"
	"testing"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
)

// A person types into an agent embedded in amux: text, Enter, control keys,
// modified arrows and Shift+Enter go through the view's PTY (never
// send-keys) and arrive at the raw-mode agent byte for byte.
func TestTermviewTypingArrivesByteExact(t *testing.T) {
	srv := harness.NewServer(t)
	name := tmux.SessionName("amux", "0123456789abcdef", "tab-type-1")
	agent := harness.StartFakeAgent(t, srv, name, map[string]string{tmux.TagManaged: "1"})
	v := attachView(t, srv, name, 80, 24)
	v.waitText("fakeagent ready")

	v.typeText("fix it; 日本")
	v.press(tea.KeyEnter, 0)
	v.press('q', tea.ModCtrl)
	v.press(']', tea.ModCtrl)
	v.press('c', tea.ModCtrl)
	v.press(tea.KeyLeft, tea.ModCtrl)
	v.press('b', tea.ModAlt)
	v.press(tea.KeyEnter, tea.ModShift)
	v.press(tea.KeyBackspace, 0)
	v.press(tea.KeyTab, 0)

	want := []byte("fix it; 日本\r\x11\x1d\x03\x1b[1;5D\x1bb\x1b\r\x7f\t")
	agent.WaitReceived(t, want)
	if got := agent.Received(); !bytes.Equal(got, want) {
		t.Fatalf("agent received %q, want exactly %q", got, want)
	}
	v.waitText("fix it; 日本")
}
