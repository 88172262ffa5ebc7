package e2e

import (
	"strings"
	"testing"
	"time"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/e2e/harness/modelserver"
)

// The real Gemini CLI waits at its composer (idle), streams its answer to
// a task (working, from its busy footer) and ends its turn (done): each
// state reaches @amux_agent_state and the tab's badge (done's while the
// person looks elsewhere: a tab in front of them is seen as it ends).
func TestRealGeminiWorksOnATaskAndFinishes(t *testing.T) {
	s := startGeminiStory(t, harness.GeminiOptions{})
	s.server.Script(modelserver.Turn{
		Text:      "Looking at the shop code now. The tests pass and nothing else needs changing today.",
		StreamFor: 4 * time.Second,
	})
	s.waitReady(t)
	s.waitState(t, "idle") // a session that starts at its prompt never leaves idle

	s.ask(t, "check the tests")
	rec := s.waitState(t, "working")
	if rec.Source != "screen" || !strings.Contains(rec.Message, "esc to cancel") {
		t.Fatalf("working without the busy footer as its reason: %+v", rec)
	}
	s.waitBadge(t, tabSpinnerFrames)

	// A tab in front of a person is seen as it ends; looking away keeps
	// its done badge up.
	s.term.LeaveTerminal(t)
	if rec := s.waitState(t, "done"); rec.From != "working" {
		t.Fatalf("done not after working: %+v", rec)
	}
	s.waitBadge(t, "✓")
	s.waitText(t, "nothing else needs changing today.")
}
