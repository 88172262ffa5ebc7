package e2e

import (
	"fmt"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
)

// A person scrolls a tab far back — past tmux's default 2,000 lines — sees
// where they are ("line N of M"), searches its history with /, steps with
// n, and goes back to the live screen with esc.
func TestAgentTabHistorySearch(t *testing.T) {
	s := harness.NewAgentSetup(t)
	s.OpenFakeAgent(t, "")
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
	s.Agent.Print(b.String())
	s.Term.WaitText("log 3000")
	s.Term.Press(t, app.ActScrollUp)
	s.Term.WaitText(" of 30") // "line N of 30xx": the whole history is there
	s.Term.Press(t, keys.ViewSearch)
	s.Term.Type("failed")
	s.Term.EditField(t, "Enter")
	screen := s.Term.WaitText("“failed” ")
	first := "“failed” 1/2"
	if !strings.Contains(screen, first) {
		first = "“failed” 2/2"
		if !strings.Contains(screen, first) {
			t.Fatalf("no match position:\n%s", screen)
		}
	}
	// n steps to the other match and shows it.
	s.Term.Press(t, keys.ViewNext)
	other := "“failed” 2/2"
	if first == other {
		other = "“failed” 1/2"
	}
	screen = s.Term.WaitText(other)
	if !strings.Contains(screen, "FAILED") {
		t.Fatalf("n did not show the match:\n%s", screen)
	}
	s.Term.Press(t, keys.ViewPrev)
	s.Term.WaitText(first)
	if got := string(s.Agent.Received()); strings.Contains(got, "failed") {
		t.Fatalf("the search reached the agent: %q", got)
	}
	s.Term.Press(t, keys.HistoryLive)
	s.Term.WaitText("log 3000")
	s.Term.WaitGone("line ")
}
