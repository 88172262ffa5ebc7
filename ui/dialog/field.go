// Package dialog holds amux's modal dialogs: the typed-confirm gate used for
// destructive actions, input forms, and the step-progress view. Dialogs own
// their state; the parent routes messages to the open one and reads its
// Outcome.
//
// Text a dialog is given — titles, body lines, errors, step details, what
// must be typed — is taken through safetext.Line as it arrives: it names
// paths, branches and workspaces and carries git's and scripts' words.
// What the user types goes through InputMsg, so a typed confirm can always
// be matched.
package dialog

import (
	"strings"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/ui/safetext"
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

// updateField feeds one message to a text field, through InputMsg.
func updateField(in textinput.Model, msg tea.Msg) (textinput.Model, tea.Cmd) {
	msg, ok := InputMsg(msg)
	if !ok {
		return in, nil
	}
	return in.Update(msg)
}

// InputMsg makes a message safe for a text field, whose value is drawn as
// typed: a paste only ever adds its first line (a field never submits,
// cancels or receives a newline from a paste), and a paste or typed text
// loses what safetext.Line removes — controls, escape sequences, bidi and
// invisible characters. ok is false when nothing is left to add.
func InputMsg(msg tea.Msg) (tea.Msg, bool) {
	switch m := msg.(type) {
	case tea.PasteMsg:
		return tea.PasteMsg{Content: FirstLine(m.Content)}, true
	case tea.KeyPressMsg:
		if m.Text != "" {
			if m.Text = safetext.Line(m.Text); m.Text == "" {
				return msg, false
			}
			return m, true
		}
	}
	return msg, true
}

// safeLines is lines through safetext.Line, in a new slice.
func safeLines(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = safetext.Line(l)
	}
	return out
}

// FirstLine returns the first line of s, made safe by safetext.Line.
func FirstLine(s string) string {
	s = strings.TrimLeft(s, "\r\n")
	if i := strings.IndexAny(s, "\r\n"); i >= 0 {
		s = s[:i]
	}
	return safetext.Line(s)
}
