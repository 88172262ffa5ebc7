package e2e

import (
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
)

// After a reboot (here: the tmux server killed while amux was not
// running) the workspace says which tabs lost their session, and one key
// brings them back from the record: assistant, tab and directory.
func TestTabsARebootTookComeBackWithOneKey(t *testing.T) {
	s, again, session := harness.RebootWithOneAgent(t)
	again.Press(t, app.ActResumeTab)
	again.WaitText("resumed 1 tab")
	again.Press(t, app.ActOpen)
	again.WaitText("fakeagent ready")
	if got := s.Env.AgentSession(t); got != session {
		t.Fatalf("the tab came back as %q, want its own session name %q", got, session)
	}
}
