package e2e

import (
	"fmt"
	"strings"
	"testing"
)

// A person scrolls a tab far back — past tmux's default 2,000 lines — sees
// where they are ("line N of M"), searches its history with /, steps with
// n, and goes back to the live screen with esc.
func TestAgentTabHistorySearch(t *testing.T) {
	s := newAgentSetup(t)
	s.openFakeAgent(t, "")
	var b strings.Builder
	for i := 1; i <= 3000; i++ {
		if i == 150 {
			b.WriteString("build FAILED: missing semicolon\r\n")
			continue
		}
		fmt.Fprintf(&b, "log %04d\r\n", i)
	}
	s.agent.Print(b.String())
	s.term.WaitText("log 3000")
	s.term.Keys("S-PPage")
	s.term.WaitText(" of 30") // "line N of 30xx": the whole history is there
	s.term.Type("/")
	s.term.Type("failed")
	s.term.Keys("Enter")
	screen := s.term.WaitText("build FAILED: missing semicolon")
	if !strings.Contains(screen, "“failed” 1/1") {
		t.Fatalf("no match position:\n%s", screen)
	}
	if got := string(s.agent.Received()); strings.Contains(got, "failed") {
		t.Fatalf("the search reached the agent: %q", got)
	}
	s.term.Keys("Escape")
	s.term.WaitText("log 3000")
	s.term.WaitGone("line ")
}
