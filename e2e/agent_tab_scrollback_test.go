package e2e

import (
	"fmt"
	"strings"
	"testing"
)

// Shift+PageUp scrolls an agent tab back into its history (taken from tmux,
// since the live screen is the alternate screen); typing returns to live.
func TestAgentTabScrollsBackIntoHistory(t *testing.T) {
	s := newAgentSetup(t)
	s.openFakeAgent(t, "")
	var b strings.Builder
	for i := 1; i <= 120; i++ {
		fmt.Fprintf(&b, "history line %03d\r\n", i)
	}
	s.agent.Print(b.String())
	if screen := s.term.WaitText("history line 120"); strings.Contains(screen, "history line 070") {
		t.Fatalf("the test needs line 70 off screen at first:\n%s", screen)
	}
	s.term.Keys("S-PPage")
	s.term.WaitText("history line 070")
	s.term.WaitGone("history line 120")
	s.term.Type("x")
	s.term.WaitText("history line 120")
}
