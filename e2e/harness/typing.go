package harness

import (
	"slices"
	"testing"
	"unicode/utf8"
)

// Keys a story sends by tmux key name, each through a helper that says
// whom they are for. amux's own keys are never among them: those are
// pressed by action (Press), so a changed binding breaks the build or the
// lookup, not a story that still presses the old letter.

// KeyToProgram sends tmux key names ("Enter", "C-c", "Down") to the
// program that has the keys: a shell, an agent CLI or the fake agent in a
// tab amux gave the keys to (or the shell of a terminal amux is not
// running in). amux passes them on as bytes; they are the program's keys,
// not amux's.
func (term *Terminal) KeyToProgram(t testing.TB, keys ...string) {
	t.Helper()
	term.sendKeys(keys...)
}

// fieldKeys are the keys that edit the text of one of amux's own fields (a
// path, a name, a filter, a search) rather than run an action: the text
// field, not the registry, gives them their meaning.
var fieldKeys = []string{
	"C-u",    // clear the field
	"BSpace", // delete the rune before the cursor
	"DC", "Left", "Right", "Home", "End",
	"Enter",  // take what is typed (a filter, a search)
	"Escape", // a filter's Esc clears its text
}

// EditField sends keys that edit the text field amux is showing (C-u,
// BSpace, Enter to take a typed filter or search…); any other key fails
// the test: an amux key is pressed by its action.
func (term *Terminal) EditField(t testing.TB, keys ...string) {
	t.Helper()
	for _, k := range keys {
		if !slices.Contains(fieldKeys, k) {
			t.Fatalf("EditField(%q): not a field-editing key (%v); press amux's actions by ID", k, fieldKeys)
		}
	}
	term.sendKeys(keys...)
}

// Answer picks the answer a question shows beside its own key ("d" delete
// them too, "w" keep the workspaces, "1" the first conflicted file): those
// keys are the question's, listed on screen, not registry actions.
func (term *Terminal) Answer(t testing.TB, key string) {
	t.Helper()
	if utf8.RuneCountInString(key) != 1 {
		t.Fatalf("Answer(%q): an answer's key is one character", key)
	}
	term.sendKeys(key)
}

// PressBound presses a key as the person's config binds it: Press presses
// an action's default key, so a story about remapping presses what the
// config says.
func (term *Terminal) PressBound(t testing.TB, key string) {
	t.Helper()
	term.sendKeys(key)
}

// FocusOut and FocusIn are the outer terminal reporting that its window
// lost or got the focus (CSI O, CSI I), as a terminal does once amux asked
// for focus events.
func (term *Terminal) FocusOut(t testing.TB) {
	t.Helper()
	term.sendKeys("-H", "1b", "5b", "4f")
}

// FocusIn is FocusOut's counterpart: the window got the focus back.
func (term *Terminal) FocusIn(t testing.TB) {
	t.Helper()
	term.sendKeys("-H", "1b", "5b", "49")
}

// PressTestPanic presses F12, on which a test build of amux panics: the
// way a story reaches amux's crash path.
func (term *Terminal) PressTestPanic(t testing.TB) {
	t.Helper()
	term.sendKeys("F12")
}
