// Package dialog holds amux's modal dialogs: the typed-confirm gate used for
// destructive actions, input forms, and the step-progress view. Dialogs own
// their state; the parent routes messages to the open one and reads its
// Outcome.
package dialog

import (
	"strings"
	"unicode"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
)

// Outcome is what a dialog's Update decided.
type Outcome int

const (
	// Pending: still open.
	Pending Outcome = iota
	// Submitted: the user confirmed (Enter on an armed dialog).
	Submitted
	// Cancelled: Esc.
	Cancelled
)

// newInput makes a text field with amux's settings.
func newInput(placeholder string, width int) textinput.Model {
	in := textinput.New()
	in.Placeholder = placeholder
	in.Prompt = "› "
	in.SetWidth(width)
	in.CharLimit = 256
	return in
}

// updateField feeds one message to a text field. A paste only ever adds its
// first line, with control characters dropped: a field never submits,
// cancels or receives a newline from a paste.
func updateField(in textinput.Model, msg tea.Msg) (textinput.Model, tea.Cmd) {
	if p, ok := msg.(tea.PasteMsg); ok {
		msg = tea.PasteMsg{Content: FirstLine(p.Content)}
	}
	return in.Update(msg)
}

// FirstLine returns the first line of s with control characters removed.
func FirstLine(s string) string {
	s = strings.TrimLeft(s, "\r\n")
	if i := strings.IndexAny(s, "\r\n"); i >= 0 {
		s = s[:i]
	}
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, s)
}
