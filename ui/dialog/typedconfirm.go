package dialog

import (
	"strings"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/safetext"
	"amux.dev/amux/ui/theme"
)

// TypedConfirm gates a destructive action behind typing an exact word: the
// workspace name for a delete, or a displayed count for count-confirmed
// actions (port release, untrust). Enter does nothing until the input
// matches; Esc cancels.
type TypedConfirm struct {
	title  string
	body   []string
	expect string
	input  textinput.Model
	theme  theme.Theme
	keys   keys.Map
	nudged bool // Enter was pressed before the input matched
}

// NewTypedConfirm builds the dialog. body lines explain what will happen;
// expect is what the user must type, as drawn (InputMsg would drop from the
// typing what safetext.Line drops from the name).
func NewTypedConfirm(th theme.Theme, km keys.Map, title string, body []string, expect string) TypedConfirm {
	title, body, expect = safetext.Line(title), safeLines(body), safetext.Line(expect)
	in := newInput(expect, 40)
	in.Focus()
	return TypedConfirm{title: title, body: body, expect: expect, input: in, theme: th, keys: km}
}

// Armed reports whether the input matches exactly, so Enter would confirm.
func (d TypedConfirm) Armed() bool { return d.expect != "" && d.input.Value() == d.expect }

// Expect returns what must be typed.
func (d TypedConfirm) Expect() string { return d.expect }

// Update handles one message.
func (d TypedConfirm) Update(msg tea.Msg) (TypedConfirm, tea.Cmd, Outcome) {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch s := k.String(); {
		case d.keys.Is(keys.FormCancel, s):
			return d, nil, Cancelled
		case d.keys.Is(keys.FormSubmit, s):
			if d.Armed() {
				return d, nil, Submitted
			}
			d.nudged = true
			return d, nil, Pending
		}
	}
	var cmd tea.Cmd
	before := d.input.Value()
	d.input, cmd = updateField(d.input, msg)
	if d.input.Value() != before {
		d.nudged = false
	}
	return d, cmd, Pending
}

// View renders the dialog box width cells wide.
func (d TypedConfirm) View(width int) string {
	th := d.theme
	var b strings.Builder
	b.WriteString(th.Style(th.Error).Bold(true).Render(d.title))
	b.WriteString("\n\n")
	for _, line := range d.body {
		b.WriteString(th.TextStyle().Render(line))
		b.WriteByte('\n')
	}
	b.WriteString("\nType ")
	b.WriteString(th.AccentStyle().Render(d.expect))
	b.WriteString(" to confirm:\n")
	b.WriteString(d.input.View())
	b.WriteString("\n\n")
	cancel := " · " + d.keys.Hints(keys.Hint{ID: keys.FormCancel, What: "cancel"})
	switch submit := d.keys.Label(keys.FormSubmit); {
	case d.Armed():
		b.WriteString(th.Style(th.Error).Render(submit+": confirm") + th.MutedStyle().Render(cancel))
	case d.nudged:
		b.WriteString(th.Style(th.Warning).Render("the text does not match yet") + th.MutedStyle().Render(cancel))
	default:
		b.WriteString(th.MutedStyle().Render(submit + ": confirm (when it matches)" + cancel))
	}
	return box(th, width, b.String())
}

// box draws a dialog frame.
func box(th theme.Theme, width int, content string) string {
	return th.Panel(true).Padding(1, 2).Width(width).Render(content)
}

// Center places a rendered dialog in the middle of a w×h area.
func Center(w, h int, dialog string) string {
	return lipgloss.Place(w, h, lipgloss.Center, lipgloss.Center, dialog)
}
