package dialog

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/keys/keystest"
	"amux.dev/amux/ui/theme"
)

func press(s string) tea.KeyPressMsg { return keystest.Press(s) }

func typeText(d TypedConfirm, s string) TypedConfirm {
	for _, r := range s {
		d, _, _ = d.Update(press(string(r)))
	}
	return d
}

func TestTypedConfirmArmsOnlyOnExactMatch(t *testing.T) {
	d := NewTypedConfirm(theme.Dark(), testKeys(), "Delete workspace", []string{"removes the worktree"}, "feature-x")
	d = typeText(d, "feature-")
	if d.Armed() {
		t.Fatal("armed on a prefix")
	}
	d, _, out := d.Update(press("enter"))
	if out != Pending {
		t.Fatalf("enter on mismatch gave %v", out)
	}
	if !strings.Contains(d.View(60), "does not match") {
		t.Fatal("no nudge after enter on mismatch")
	}
	d = typeText(d, "x")
	if !d.Armed() {
		t.Fatal("not armed on exact match")
	}
	if _, _, out := d.Update(press("enter")); out != Submitted {
		t.Fatalf("enter when armed gave %v", out)
	}
	if _, _, out := d.Update(press("esc")); out != Cancelled {
		t.Fatalf("esc gave %v", out)
	}
	d = typeText(d, "y")
	if d.Armed() {
		t.Fatal("armed with trailing text")
	}
}

func TestTypedConfirmPasteTakesFirstLineOnly(t *testing.T) {
	d := NewTypedConfirm(theme.Dark(), testKeys(), "Release ports", nil, "3")
	d, _, out := d.Update(tea.PasteMsg{Content: "3\nrm -rf /\n"})
	if out != Pending || !d.Armed() {
		t.Fatalf("paste: armed=%v out=%v", d.Armed(), out)
	}
}

func TestFormFlow(t *testing.T) {
	f := NewForm(theme.Dark(), testKeys(), "New workspace", FieldSpec{Label: "Name"}, FieldSpec{Label: "Base ref"})
	for _, r := range "feat" {
		f, _, _ = f.Update(press(string(r)))
	}
	f, _, _ = f.Update(press("tab"))
	for _, r := range "v1" {
		f, _, _ = f.Update(press(string(r)))
	}
	if v := f.Values(); v[0] != "feat" || v[1] != "v1" {
		t.Fatalf("values = %q", v)
	}
	f, _, out := f.Update(press("enter"))
	if out != Submitted {
		t.Fatalf("enter = %v", out)
	}
	f.SetFieldError(1, "unknown ref v1")
	if !strings.Contains(f.View(70), "unknown ref v1") {
		t.Fatal("inline error not shown")
	}
	f.SetBusy("creating")
	f.SetTail([]string{"npm install", "added 3 packages"})
	if _, _, out := f.Update(press("enter")); out != Pending {
		t.Fatal("enter while busy must do nothing")
	}
	if v := f.View(70); !strings.Contains(v, "added 3 packages") {
		t.Fatalf("tail not shown:\n%s", v)
	}
	f.SetFailed("setup failed", "worktree removed", "branch kept (it existed before)")
	if v := f.View(70); !strings.Contains(v, "branch kept") {
		t.Fatalf("rollback outcome not shown:\n%s", v)
	}
	if _, _, out := f.Update(press("esc")); out != Cancelled {
		t.Fatal("esc does not close a failed form")
	}
}

func TestStepsView(t *testing.T) {
	s := NewSteps(theme.Dark(), testKeys(), "Deleting feat", "stop lifecycle", "kill run sessions", "archive", "remove worktree")
	s.Set("stop lifecycle", StepDone, "")
	s.Set("kill run sessions", StepFailed, "tmux: no server")
	if s.Finished() || !s.Failed() {
		t.Fatal("state wrong")
	}
	if v := s.View(70); !strings.Contains(v, "tmux: no server") || !strings.Contains(v, "✗") {
		t.Fatalf("view:\n%s", v)
	}
	if FirstLine("\nabc\x07d\r\nefg") != "abcd" {
		t.Fatal("FirstLine")
	}
}

func TestChoicePicksByKeyOrByTheMarkedOption(t *testing.T) {
	opts := []Option{{Key: "w", Label: "keep as WIP"}, {Key: "s", Label: "stash"}, {Key: "d", Label: "discard"}}
	c := NewChoice(theme.Dark(), testKeys(), "Uncommitted work", []string{"1 modified"}, opts, 0)
	if v := ansi.Strip(c.View(70)); !strings.Contains(v, "▸ w") || !strings.Contains(v, "w/s/d: choose") || !strings.Contains(v, "esc: cancel") {
		t.Fatalf("the default is not marked or a key has no hint:\n%s", v)
	}
	if _, out := c.Update(press("x")); out != Pending {
		t.Fatalf("an unbound key gave %v", out)
	}
	if got, out := c.Update(press("s")); out != Submitted || got.Selected() != 1 {
		t.Fatalf("s gave %v, option %d", out, got.Selected())
	}
	c, _ = c.Update(tea.KeyPressMsg{Code: tea.KeyUp})
	if c.Selected() != 2 {
		t.Fatalf("up from the first option went to %d, want the last", c.Selected())
	}
	if got, out := c.Update(press("enter")); out != Submitted || got.Selected() != 2 {
		t.Fatalf("enter gave %v, option %d", out, got.Selected())
	}
	if _, out := c.Update(press("esc")); out != Cancelled {
		t.Fatalf("esc gave %v", out)
	}
}

// What reaches a field is drawn as typed: typed or pasted text loses
// controls, escapes and invisible characters; a key that is only such a
// character types nothing.
func TestInputMsgKeepsFieldsDrawable(t *testing.T) {
	f := NewForm(theme.Dark(), testKeys(), "Rename tab", FieldSpec{Label: "Title"})
	for _, msg := range []tea.Msg{press("p"), press("\u202e"), press("l"), tea.PasteMsg{Content: "a\x1b[31mn\u200b\nsecond"}} {
		f, _, _ = f.Update(msg)
	}
	if got := f.Values()[0]; got != "plan" {
		t.Fatalf("field = %q, want %q", got, "plan")
	}
	if _, ok := InputMsg(press("\u200b")); ok {
		t.Fatal("a zero-width key must type nothing")
	}
	if msg, ok := InputMsg(tea.KeyPressMsg{Code: tea.KeyEnter}); !ok || msg.(tea.KeyPressMsg).Code != tea.KeyEnter {
		t.Fatal("keys without text pass unchanged")
	}
}

// A typed confirm about a workspace whose name and path came from outside
// draws them inert and can still be armed by typing the name as drawn.
func TestTypedConfirmDrawsOutsideTextInert(t *testing.T) {
	evil := "\x1b]8;;mailto:evil\x1b\\\u202e"
	d := NewTypedConfirm(theme.Dark(), testKeys(), "Delete workspace feat"+evil,
		[]string{"removes the worktree /w/shop" + evil + "/feat"}, "feat"+evil)
	for _, bad := range []string{"mailto:evil", "\u202e", "\x1b]8"} {
		if v := d.View(80); strings.Contains(v, bad) {
			t.Fatalf("the dialog draws %q: %q", bad, v)
		}
	}
	if d = typeText(d, "feat"); !d.Armed() {
		t.Fatal("typing the name as drawn does not arm the dialog")
	}
	s := NewSteps(theme.Dark(), testKeys(), "Deleting feat", "remove worktree")
	s.Set("remove worktree", StepFailed, "git: fatal: /w/shop"+evil+"\nhint")
	if v := s.View(80); strings.Contains(v, "mailto:evil") || strings.Contains(v, "\u202e") {
		t.Fatalf("a step detail is drawn raw: %q", v)
	}
}

// testKeys are the components' default keys, as the application binds them.
func testKeys() keys.Map { return keys.MustRegistry(keys.ComponentActions()...).Map() }

// Answers without keys of their own (the merge question) are picked with
// the move keys: the footer offers no "//: choose".
func TestChoiceWithoutAnswerKeysOffersNoEmptyKeys(t *testing.T) {
	opts := []Option{{Label: "Merge into main"}, {Label: "Rebase onto main instead"}, {Label: "Cancel"}}
	c := NewChoice(theme.Dark(), testKeys(), "Merge feat", nil, opts, 0)
	v := ansi.Strip(c.View(70))
	if strings.Contains(v, "//") || strings.Contains(v, ": choose") || !strings.Contains(v, ": move") {
		t.Fatalf("the footer offers keys the answers do not have:\n%s", v)
	}
}
