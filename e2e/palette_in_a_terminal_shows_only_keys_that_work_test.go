package e2e

import (
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
)

// Inside an agent tab every other key goes to the agent, so the palette
// opened there must not offer "!" or "[" as the key of a command: those
// would be typed into the agent. It still runs the commands.
func TestPaletteInATerminalShowsOnlyKeysThatWork(t *testing.T) {
	s := harness.NewAgentSetup(t)
	s.OpenFakeAgent(t, "")
	s.Term.Press(t, app.ActPalette)
	s.Term.WaitText("Commands")
	s.Term.Type("attention")
	screen := s.Term.WaitText("Jump to the next tab needing attention")
	for _, line := range strings.Split(screen, "\n") {
		if strings.Contains(line, "Jump to the next tab needing attention") && strings.Contains(line, " !") {
			t.Fatalf("the palette offers a key the agent would get:\n%s", screen)
		}
	}
	s.Term.Press(t, keys.ListCancel)
	s.Term.WaitGone("Commands")
	if strings.Contains(string(s.Agent.Received()), "attention") {
		t.Fatal("the palette query reached the agent")
	}
}
