package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
)

// A person empties quit's key list in config.json, as the README allows.
// amux starts, its footer no longer offers quit, help lists quit as
// "palette only", and the palette still quits.
func TestAKeyListLeftEmptyIsPaletteOnly(t *testing.T) {
	env := harness.NewEnv(t)
	if err := os.MkdirAll(env.StateHome, 0o700); err != nil {
		t.Fatal(err)
	}
	body := []byte(`{"keys": {"quit": [], "palette": []}}`)
	if err := os.WriteFile(filepath.Join(env.StateHome, "config.json"), body, 0o600); err != nil {
		t.Fatal(err)
	}
	term := harness.StartWorkbench(t, env)
	screen := term.WaitText("keys.palette")
	if strings.Contains(screen, "q quit") {
		t.Fatalf("the footer offers quit on q:\n%s", screen)
	}

	term.Press(t, app.ActHelp)
	term.WaitText("Show every key")
	term.Press(t, keys.ViewSearch)
	term.Type("Quit amux")
	screen = term.WaitScreen(func(sc string) bool {
		return harness.LineHas(sc, "Quit amux") && !strings.Contains(sc, "Show every key")
	},
		"help filtered to quit")
	if !harness.LineHas(screen, "palette only", "Quit amux") {
		t.Fatalf("help does not list quit as palette only:\n%s", screen)
	}
	term.Press(t, keys.FormCancel) // clears the filter
	term.WaitText("Show every key")
	term.Press(t, keys.FormCancel) // closes help
	term.WaitGone("Show every key")

	term.Press(t, app.ActPalette) // kept its keys: the palette cannot be left without one
	term.WaitText("Commands")
	term.Type("Quit amux")
	term.Press(t, keys.ListChoose)
	if code := term.WaitExit(); code != 0 {
		t.Fatalf("amux exited %d:\n%s", code, term.Screen())
	}
}
