package app

import (
	"strings"
	"testing"

	"amux.dev/amux/app/dialogs"
	"amux.dev/amux/app/lifecycle"
	"amux.dev/amux/ui/keys"
)

// Stories of dialogs and focus, told in process through the driver: what
// a person presses and what the screen then says. They need no tmux, PTY
// or process of their own, so they are not e2e stories.

// flat is the screen's words in one line, frames dropped: for a text a
// narrow dialog may wrap.
func flat(screen string) string {
	return strings.Join(strings.Fields(strings.NewReplacer("│", " ", "┃", " ").Replace(screen)), " ")
}

// With the tab area focused, list keys do nothing there: each says where
// it works; in the list, a key whose action cannot run says why.
func TestStoryKeysThatDoNothingSayWhy(t *testing.T) {
	d := newDriver(t, 80, 24)
	d.Press(actDown).Press(actFocusTabArea).Sees("focus list")
	d.Press(actNewWorkspace).Sees("works in the project list")
	d.Press(actDelete).Sees("D delete: works in the project list")
	d.Press(actFocusList).Press(lifecycle.ActRestore).Sees("select a shelved workspace")
}

// At 80×24 the key list explains the badges, narrows to what is typed
// after /, and its footer wraps whole instead of being cut mid-word.
func TestStoryHelpFiltersAndExplainsBadges(t *testing.T) {
	d := newDriver(t, 80, 24)
	d.Press(actHelp).Sees("Keys", "which says why one cannot run")
	d.Press(keys.ViewSearch).Type("waits for").Sees("blocked: an agent waits for you").DoesNotSee("Open the command palette")
	d.Key("enter").Key("esc").Sees("Open the command palette") // esc clears the filter, not the list
	d.Press(keys.ViewSearch).Type("badge").Sees("Badges", "error", "which says why one cannot run")
	for _, g := range []string{"○", "●", "◆", "✓", "⏸", "■", "✗"} {
		d.Sees(g)
	}
	d.Press(dialogs.ActCloseHelp).DoesNotSee("Badges")
}

// A typed path that does not exist is called missing, not "not inside a
// git repository"; the engine's own check answers.
func TestStoryAddProjectWithAMissingPath(t *testing.T) {
	d := newDriver(t, 80, 24)
	d.Press(actAddProject).Sees("Add project")
	d.Type("/home/dev/code/typo-repo").Press(keys.ListChoose)
	if s := flat(d.Screen()); !strings.Contains(s, "does not exist") || strings.Contains(s, "not inside a git") {
		t.Fatalf("a missing path is not called missing:\n%s", d.Screen())
	}
}

// A typed confirm arms only when the text matches: enter on a partial
// name keeps the dialog, esc leaves with nothing done and the list keeps
// the keys.
func TestStoryTypedConfirmArmsOnlyOnTheName(t *testing.T) {
	d := newDriver(t, 120, 40)
	d.Press(actDown).Press(actDelete).Sees("Delete workspace auth-fix", "Type auth-fix to confirm")
	d.Type("auth").Press(keys.FormSubmit).Sees("Delete workspace auth-fix")
	d.Press(keys.FormCancel).DoesNotSee("Delete workspace")
	if !strings.HasPrefix(d.Footer(), " list ") {
		t.Fatalf("after the dialog the footer is %q, want the list's", d.Footer())
	}
	d.Sees("auth-fix") // nothing was deleted
}

// An action without a key runs from the palette by what a person types;
// the palette closes and the chosen dialog opens in its place.
func TestStoryPaletteRunsWhatIsTyped(t *testing.T) {
	d := newDriver(t, 120, 40)
	d.Press(actDown).Press(actPalette).Sees("Commands")
	d.Type("settings").Sees("Settings: theme")
	d.Press(keys.ListChoose).DoesNotSee("Commands").Sees("Settings", "Theme")
	d.Press(keys.FormCancel).DoesNotSee("Key hints")
}

// Settings is a form: tab walks its rows, the value keys change the one
// under the cursor, and esc closes it without saving what changed.
func TestStorySettingsFormNavigation(t *testing.T) {
	d := newDriver(t, 120, 40)
	d.Press(actSettings).Sees("Theme", "‹ dark ›")
	d.Press(keys.FormValueNext).DoesNotSee("‹ dark ›")
	d.Press(keys.FormValueBack).Sees("‹ dark ›")
	for range 30 {
		d.Press(keys.FormNext)
	}
	d.Sees("more above")
	for range 30 {
		d.Press(keys.FormPrev)
	}
	d.Sees("Appearance")
	d.Press(keys.FormValueNext).Press(keys.FormCancel).DoesNotSee("Appearance")
	d.Press(actSettings).Sees("‹ dark ›") // esc saved nothing
}

// The footer names where the keys go, and each focus key moves it:
// list, tab area, back, and a dialog takes the keys until it closes.
func TestStoryFocusShowsWhereKeysGo(t *testing.T) {
	d := newDriver(t, 120, 40)
	d.hold = true
	withTabs(d.m, 2)
	footer := func(want string) {
		t.Helper()
		if !strings.HasPrefix(d.Footer(), " "+want) {
			t.Fatalf("footer %q, want it to name %q", d.Footer(), want)
		}
	}
	footer("list")
	d.Press(actFocusTabArea)
	footer("tab area")
	d.Press(actPalette)
	footer("dialog")
	d.Key("esc")
	footer("tab area")
	d.Press(actFocusList)
	footer("list")
}
