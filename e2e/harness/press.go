package harness

import (
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/ui/keys"
)

// Press presses the first key bound to an action of amux's registry, so a
// story says what the person does (app.ActDelete), not which letter; the
// IDs are the exported constants of app and of the ui packages.
func (term *Terminal) Press(t testing.TB, action keys.ActionID) {
	t.Helper()
	ks := app.ActionKeys(string(action))
	if len(ks) == 0 {
		t.Fatalf("no action %q in the registry", action)
	}
	term.sendKeys(TmuxKey(ks[0]))
}

// TmuxKey converts a Bubble Tea key string ("ctrl+space", "enter", "D") to
// the tmux key name send-keys understands.
func TmuxKey(k string) string {
	named := map[string]string{
		"enter": "Enter", "esc": "Escape", "tab": "Tab", "space": "Space",
		"up": "Up", "down": "Down", "left": "Left", "right": "Right",
		"home": "Home", "end": "End", "pgup": "PPage", "pgdown": "NPage",
		"backspace": "BSpace", "delete": "DC", "shift+tab": "BTab",
	}
	if n, ok := named[k]; ok {
		return n
	}
	if rest, ok := strings.CutPrefix(k, "ctrl+"); ok {
		return "C-" + TmuxKey(rest)
	}
	if rest, ok := strings.CutPrefix(k, "alt+"); ok {
		return "M-" + TmuxKey(rest)
	}
	if rest, ok := strings.CutPrefix(k, "shift+"); ok {
		return "S-" + TmuxKey(rest)
	}
	return k
}

// RunFromPalette runs the palette's best match for query: a person's way
// to an action that has no key.
func (term *Terminal) RunFromPalette(t testing.TB, query string) {
	t.Helper()
	term.Press(t, app.ActPalette)
	term.WaitText("Commands")
	term.Type(query)
	term.Press(t, keys.ListChoose) // it runs the highlighted row
	term.WaitGone("Commands")
}
