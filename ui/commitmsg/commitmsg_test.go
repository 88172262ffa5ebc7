package commitmsg

import (
	"errors"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/git"
	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/theme"
)

func newDialog(t *testing.T, last string) Model {
	reg, err := keys.NewRegistry(DefaultActions("commit")...)
	if err != nil {
		t.Fatal(err)
	}
	return New(theme.Dark(), reg.Map(), git.ValidateMessage, last, "2 files staged")
}

func typeText(m Model, s string) Model {
	for _, r := range s {
		if r == '\n' {
			m, _, _ = m.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
			continue
		}
		m, _, _ = m.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	return m
}

func ctrl(r rune) tea.KeyPressMsg { return tea.KeyPressMsg{Code: r, Mod: tea.ModCtrl} }

func TestFirstLineIsValidatedBeforeCommitting(t *testing.T) {
	m := newDialog(t, "")
	m, _, out := m.Update(ctrl('s'))
	if out != dialog.Pending || !strings.Contains(ansi.Strip(m.View()), "first line is empty") {
		t.Fatalf("empty message: %v\n%s", out, ansi.Strip(m.View()))
	}
	m = typeText(m, strings.Repeat("x", 101))
	if !strings.Contains(ansi.Strip(m.View()), "101/100") {
		t.Fatalf("no counter:\n%s", ansi.Strip(m.View()))
	}
	m, _, out = m.Update(ctrl('s'))
	if out != dialog.Pending {
		t.Fatal("a 101-character subject was accepted")
	}
	m = newDialog(t, "")
	m = typeText(m, "fix the parser\n\nit dropped the last line")
	m, _, out = m.Update(ctrl('s'))
	if out != dialog.Submitted {
		t.Fatalf("valid message not submitted: %s", ansi.Strip(m.View()))
	}
	if v := m.Value(); v.Amend || v.Message != "fix the parser\n\nit dropped the last line" {
		t.Fatalf("value %+v", v)
	}
}

func TestAmendBringsBackTheLastMessage(t *testing.T) {
	m := newDialog(t, "previous subject\n\nbody\n")
	m, _, _ = m.Update(ctrl('t'))
	if v := m.Value(); !v.Amend || v.Message != "previous subject\n\nbody" {
		t.Fatalf("amend on: %+v", v)
	}
	if !strings.Contains(ansi.Strip(m.View()), "Amend the last commit") {
		t.Fatal("title does not say amend")
	}
	m, _, _ = m.Update(ctrl('t'))
	if v := m.Value(); v.Amend || v.Message != "" {
		t.Fatalf("amend off: %+v", v)
	}
	m = newDialog(t, "")
	m, _, _ = m.Update(ctrl('t'))
	if m.Value().Amend {
		t.Fatal("amend without a commit")
	}
}

func TestHintsFromTheRegistryAndEsc(t *testing.T) {
	m := newDialog(t, "")
	if v := ansi.Strip(m.View()); !strings.Contains(v, "ctrl+s: commit") || !strings.Contains(v, "2 files staged") {
		t.Fatalf("view:\n%s", v)
	}
	m.SetError(errors.New("git commit: \x1b[2Jno identity"))
	if strings.Contains(m.View(), "\x1b[2J") {
		t.Fatal("error text not made inert")
	}
	if _, _, out := m.Update(tea.KeyPressMsg{Code: tea.KeyEscape}); out != dialog.Cancelled {
		t.Fatal("esc did not cancel")
	}
}

// A refusal is shown whole: every line of git's reason and the fix,
// wrapped to the dialog instead of cut at "…".
func TestRefusalIsShownWholeAndWrapped(t *testing.T) {
	m := newDialog(t, "")
	m.SetWidth(40)
	m.SetFailure([]string{"Author identity unknown", "fatal: no email was given and auto-detection is disabled",
		"fix: set user.name and user.email: git config --global user.name \"Your Name\""})
	view := ansi.Strip(m.View())
	flat := strings.Join(strings.Fields(strings.NewReplacer("│", " ", "╭", " ", "╮", " ", "╰", " ", "╯", " ", "─", " ").Replace(view)), " ")
	for _, want := range []string{"Author identity unknown", "detection is disabled", "set user.name and user.email", `"Your Name"`} {
		if !strings.Contains(flat, want) {
			t.Errorf("%q missing:\n%s", want, view)
		}
	}
	if strings.Contains(view, "…") {
		t.Errorf("the refusal was cut:\n%s", view)
	}
	m.SetError(errors.New("first\nsecond"))
	if view := ansi.Strip(m.View()); !strings.Contains(view, "first") || !strings.Contains(view, "second") || strings.Contains(view, "Author") {
		t.Errorf("SetError:\n%s", view)
	}
}
