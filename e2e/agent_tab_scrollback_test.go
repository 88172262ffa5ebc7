package e2e

import (
	"fmt"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
)

// Shift+PageUp scrolls an agent tab back into its history (taken from tmux,
// since the live screen is the alternate screen); typing returns to live.
func TestAgentTabScrollsBackIntoHistory(t *testing.T) {
	s := harness.NewAgentSetup(t)
	s.OpenFakeAgent(t, "")
	var b strings.Builder
	for i := 1; i <= 120; i++ {
		fmt.Fprintf(&b, "history line %03d\r\n", i)
	}
	s.Agent.Print(b.String())
	if screen := s.Term.WaitText("history line 120"); strings.Contains(screen, "history line 070") {
		t.Fatalf("the test needs line 70 off screen at first:\n%s", screen)
	}
	s.Term.Press(t, app.ActScrollUp)
	s.Term.WaitText("history line 070")
	s.Term.WaitGone("history line 120")
	s.Term.Type("x")
	s.Term.WaitText("history line 120")
}
