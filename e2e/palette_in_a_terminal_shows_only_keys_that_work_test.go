package e2e

import (
	"strings"
	"testing"

	"amux.dev/amux/app"
)

// Inside an agent tab every other key goes to the agent, so the palette
// opened there must not offer "!" or "[" as the key of a command: those
// would be typed into the agent. It still runs the commands.
func TestPaletteInATerminalShowsOnlyKeysThatWork(t *testing.T) {
	s := newAgentSetup(t)
	s.openFakeAgent(t, "")
	s.term.Press(t, app.ActPalette)
	s.term.WaitText("Commands")
	s.term.Type("attention")
	screen := s.term.WaitText("Jump to the next tab needing attention")
	for _, line := range strings.Split(screen, "\n") {
		if strings.Contains(line, "Jump to the next tab needing attention") && strings.Contains(line, " !") {
			t.Fatalf("the palette offers a key the agent would get:\n%s", screen)
		}
	}
	s.term.Keys("Escape")
	s.term.WaitGone("Commands")
	if strings.Contains(string(s.agent.Received()), "attention") {
		t.Fatal("the palette query reached the agent")
	}
}
