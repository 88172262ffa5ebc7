package e2e

import (
	"bytes"
	"testing"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
	"amux.dev/amux/ui/termview"
)

// A person pastes clipboard text that tries to end bracketed paste early and
// smuggle in control keys: the agent receives one bracketed paste with the
// controls stripped and CRLF turned into LF.
func TestTermviewHostilePasteArrivesSanitized(t *testing.T) {
	srv := harness.NewServer(t)
	name := tmux.SessionName("amux", "0123456789abcdef", "tab-paste-1")
	agent := harness.StartFakeAgent(t, srv, name, map[string]string{tmux.TagManaged: "1"})
	v := attachView(t, srv, name, 80, 24)
	v.waitModes(termview.ModeBracketedPaste) // the agent's ESC[?2004h, mirrored by tmux

	v.update(tea.PasteMsg{Content: "line one\r\nrm\x1b[201~\x03 -rf\t/\u009b31m\x7f\r\n"})

	want := []byte("\x1b[200~line one\nrm[201~ -rf\t/31m\n\x1b[201~")
	agent.WaitReceived(t, want)
	if got := agent.Received(); !bytes.Equal(got, want) {
		t.Fatalf("agent received %q, want exactly %q", got, want)
	}
}
