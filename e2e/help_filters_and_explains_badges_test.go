package e2e

import (
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
)

// At 80×24 the key list explains the badges, narrows to what is typed
// after /, and its footer wraps instead of being cut mid-word.
func TestHelpFiltersAndExplainsBadges(t *testing.T) {
	env := harness.NewEnv(t)
	term := harness.StartAmux(t, env, 80, 24)
	term.WaitText("Projects")
	term.Press(t, app.ActHelp)
	term.WaitText("Keys")
	term.WaitText("which says why one cannot run") // the footer, wrapped whole
	term.Press(t, keys.ViewSearch)
	term.Type("waits for")
	screen := term.WaitText("blocked: an agent waits for you")
	if strings.Contains(screen, "Open the command palette") {
		t.Fatalf("the filter kept what does not match:\n%s", screen)
	}
	term.Keys("Enter")
	term.Keys("Escape") // clears the filter
	term.WaitText("Open the command palette")
	term.Press(t, keys.ViewSearch)
	term.Type("badge")
	screen = term.WaitText("Badges")
	screen = term.WaitText("error")
	for _, g := range []string{"○", "●", "◆", "✓", "⏸", "■", "✗"} {
		if !strings.Contains(screen, g) {
			t.Errorf("legend lacks %s:\n%s", g, screen)
		}
	}
	if !strings.Contains(screen, "which says why one cannot run") {
		t.Fatalf("the footer is cut:\n%s", screen)
	}
}
