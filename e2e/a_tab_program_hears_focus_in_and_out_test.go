package e2e

import (
	"bytes"
	"fmt"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
)

// A program that asked for focus events (mode 1004, as Claude Code does)
// hears focus in (CSI I) while its tab has amux's focus and focus out
// (CSI O) when focus leaves the tab, and the same when amux's own terminal
// window loses and regains focus.
func TestATabProgramHearsFocusInAndOut(t *testing.T) {
	s := harness.NewAgentSetup(t)
	// The server's first session: tmux 3.3 counts a control-mode client as
	// focused, so amux's control clients (its monitor, the status tap)
	// live on a session of their own, never on an agent's.
	s.OpenFakeAgent(t, "")
	s.Agent.Echo(false)
	s.Agent.Print("\x1b[?1004h")
	const in, out = "\x1b[I", "\x1b[O"
	lastFocus := func(want string) {
		t.Helper()
		harness.Eventually(t, func() (bool, string) {
			got := s.Agent.Received()
			i, o := bytes.LastIndex(got, []byte(in)), bytes.LastIndex(got, []byte(out))
			last := ""
			switch {
			case i > o:
				last = in
			case o > i:
				last = out
			}
			return last == want, fmt.Sprintf("agent received %q, want its last focus report %q; clients:\n%s\nscreen:\n%s",
				got, want, s.Env.Server.MustRun(t, "list-clients", "-F", "#{client_session} #{client_flags}"), s.Term.Screen())
		})
	}
	lastFocus(in) // its tab has focus

	s.Term.LeaveTerminal(t)
	lastFocus(out)
	s.Term.Press(t, app.ActFocusTabArea)
	lastFocus(in)

	// amux's terminal window loses focus, then gets it back: the outer
	// terminal reports it to amux as CSI O and CSI I.
	s.Term.FocusOut(t)
	lastFocus(out)
	s.Term.FocusIn(t)
	lastFocus(in)
}
