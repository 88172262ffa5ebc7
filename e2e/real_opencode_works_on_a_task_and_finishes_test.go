package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/e2e/harness/modelserver"
)

// The real opencode waits at its prompt box (idle), streams its answer to
// a task (working, from its "esc interrupt" footer) and ends its turn
// (done): each state reaches @amux_agent_state and the tab's badge (done's
// while the person looks elsewhere).
func TestRealOpencodeWorksOnATaskAndFinishes(t *testing.T) {
	s := startOpencodeStory(t, harness.OpencodeOptions{})
	s.server.Script(modelserver.Turn{
		Text:      "Looking at the shop code now. The tests pass and nothing else needs changing today.",
		StreamFor: 4 * time.Second,
	})
	s.waitReady(t)
	s.waitState(t, "idle") // a session that starts at its prompt never leaves idle

	s.ask(t, "check the tests")
	rec := s.waitState(t, "working")
	if rec.Source != "screen" || !strings.Contains(rec.Message, "esc interrupt") {
		// On a loaded machine a look can fall between the prompt box going
		// and the busy footer coming: output then says working first. The
		// footer must still be what the rules read while amux says working.
		harness.Eventually(t, func() (bool, string) {
			v := s.paneVerdict(t)
			return v.State == "working" && strings.Contains(v.Evidence, "esc interrupt") && s.agentState(t) == "working",
				"working without the busy footer as its reason: " + fmt.Sprintf("%+v", rec) + "; pane:\n" + s.pane(t)
		})
	}
	s.waitBadge(t, tabSpinnerFrames)

	s.term.LeaveTerminal(t)
	if rec := s.waitState(t, "done"); rec.From != "working" {
		t.Fatalf("done not after working: %+v", rec)
	}
	s.waitBadge(t, "✓")
	s.waitText(t, "today.") // the reply, wrapped to the tab
}
