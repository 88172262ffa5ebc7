package screenrules

import (
	"regexp"
	"testing"
)

// menuLine is how a row of a menu or a dialog footer begins: a selection
// marker (❯ › > ▸ ●), a numbered or lettered choice ("1.", "2)", "(a)"), a
// bare Yes/No choice, or a key hint. A blocked reason that looks like one
// is a menu caught on screen, not the question asked.
var menuLine = regexp.MustCompile(`^(?:[❯›>▸▶●•*-]\s|\d+[.)]\s|\(?[a-z]\)\s|(?:Yes|No)\b|(?i:press |enter to |esc to |↑/↓))`)

// TestBlockedReasonsAreQuestions wants every blocked fixture to pin the
// reason its verdict carries, and every such reason to be the question the
// screen asks: the tab bar shows it, and a menu choice or footer there
// tells the person nothing.
func TestBlockedReasonsAreQuestions(t *testing.T) {
	set, _ := Load("")
	n := 0
	for _, fx := range loadFixtures(t) {
		if state, _ := fx.expectVerdict(); state != StateBlocked {
			continue
		}
		n++
		if _, ok := fx.header["reason"]; !ok {
			t.Errorf("%s: a blocked fixture without a reason header", fx.path)
		}
		v, ok := set.Match(fx.header["assistant"], fx.rows)
		switch {
		case !ok || v.State != StateBlocked:
			t.Errorf("%s: not blocked: %+v", fx.path, v)
		case v.Reason == "":
			t.Errorf("%s: %s finds no question (the tab bar would show %q)", fx.path, v.Rule, v.Evidence)
		case menuLine.MatchString(v.Reason):
			t.Errorf("%s: reason %q is a menu line, not the question", fx.path, v.Reason)
		}
	}
	if n < 10 {
		t.Fatalf("only %d blocked fixtures", n)
	}
}

// TestMenuLineSpotsMenus keeps the check above able to fail: the rows a
// reason must never be are menu lines, the questions are not.
func TestMenuLineSpotsMenus(t *testing.T) {
	for _, row := range []string{
		"› 1. Yes, allow Codex to work in this folder without asking for approval",
		"❯ 1. Yes, I trust this folder",
		"2. No, exit",
		"Yes, proceed (y)",
		"(a) Always",
		"Press enter to continue",
		"Enter to select · ↑/↓ to navigate · Esc to cancel",
	} {
		if !menuLine.MatchString(row) {
			t.Errorf("%q should read as a menu line", row)
		}
	}
	for _, row := range []string{
		"Do you trust the contents of this directory?",
		"✨ Update available! 0.46.0 -> 0.47.0",
		"Select login method:",
		"Allow command?",
	} {
		if menuLine.MatchString(row) {
			t.Errorf("%q is a question, not a menu line", row)
		}
	}
}
