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
		if i == 2000 {
			b.WriteString("deploy FAILED: timeout\r\n")
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
	screen := s.term.WaitText("“failed” ")
	first := "“failed” 1/2"
	if !strings.Contains(screen, first) {
		first = "“failed” 2/2"
		if !strings.Contains(screen, first) {
			t.Fatalf("no match position:\n%s", screen)
		}
	}
	// n steps to the other match and shows it.
	s.term.Keys("n")
	other := "“failed” 2/2"
	if first == other {
		other = "“failed” 1/2"
	}
	screen = s.term.WaitText(other)
	if !strings.Contains(screen, "FAILED") {
		t.Fatalf("n did not show the match:\n%s", screen)
	}
	s.term.Keys("N")
	s.term.WaitText(first)
	if got := string(s.agent.Received()); strings.Contains(got, "failed") {
		t.Fatalf("the search reached the agent: %q", got)
	}
	s.term.Keys("Escape")
	s.term.WaitText("log 3000")
	s.term.WaitGone("line ")
}
