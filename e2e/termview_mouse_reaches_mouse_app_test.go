package e2e

import (
	"bytes"
	"testing"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
	"amux.dev/amux/ui/termview"
)

// An agent that turned on mouse reporting gets the wheel and clicks, in SGR
// form, at the cell under the pointer; Shift+wheel still scrolls amux's view.
func TestTermviewMouseReachesMouseApp(t *testing.T) {
	srv := harness.NewServer(t)
	name := tmux.SessionName("amux", "0123456789abcdef", "tab-mouse-1")
	agent := harness.StartFakeAgent(t, srv, name, map[string]string{tmux.TagManaged: "1"})
	agent.Echo(false)
	v := attachView(t, srv, name, 80, 24)
	v.m.SetOrigin(10, 5) // the view sits at column 10, row 5 of amux's screen
	// Visible output after the modes: tmux passes a pane's mode change on to
	// its clients with the next screen update, not by itself.
	agent.Print("\x1b[?1000h\x1b[?1006hmouse on")
	v.waitModes(termview.ModeMouseNormal | termview.ModeMouseSGR)

	v.update(tea.MouseWheelMsg{Button: tea.MouseWheelUp, X: 13, Y: 7})
	v.update(tea.MouseClickMsg{Button: tea.MouseLeft, X: 10, Y: 5})
	v.update(tea.MouseReleaseMsg{Button: tea.MouseLeft, X: 10, Y: 5})
	v.update(tea.MouseWheelMsg{Button: tea.MouseWheelUp, X: 13, Y: 7, Mod: tea.ModShift})

	want := []byte("\x1b[<64;4;3M\x1b[<0;1;1M\x1b[<0;1;1m")
	agent.WaitReceived(t, want)
	if got := agent.Received(); !bytes.Equal(got, want) {
		t.Fatalf("agent received %q, want exactly %q", got, want)
	}
}
