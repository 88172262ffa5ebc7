package dialog

import (
	"github.com/charmbracelet/x/ansi"
	"strings"

	"charm.land/bubbles/v2/spinner"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/safetext"
	"amux.dev/amux/ui/theme"
)

// FieldSpec describes one input of a Form.
type FieldSpec struct {
	Label       string
	Placeholder string
	Hint        string // shown under the field in muted text
}

// formMode is what a Form is showing.
type formMode int

const (
	editing formMode = iota
	busy             // the action runs: spinner and live output tail
	failed           // it failed: the error and what was undone
)

// Form is a small input dialog (create workspace, rename…) that also shows
// its action running and failing, so the user never loses context. While
// busy it ignores input except Esc, which the parent may treat as "hide".
type Form struct {
	title   string
	specs   []FieldSpec
	inputs  []textinput.Model
	errs    []string
	focus   int
	mode    formMode
	label   string   // busy label
	tail    []string // live output while busy
	failure string
	details []string
	spin    spinner.Model
	theme   theme.Theme
	keys    keys.Map
	submit  string // what Enter does, for the footer: "create"
}

// NewForm builds a form with the given fields, the first one focused.
func NewForm(th theme.Theme, km keys.Map, title string, fields ...FieldSpec) Form {
	f := Form{title: safetext.Line(title), specs: fields, theme: th, keys: km, errs: make([]string, len(fields)), submit: "submit"}
	for _, spec := range fields {
		f.inputs = append(f.inputs, newInput(spec.Placeholder, 48))
	}
	f.inputs[0].Focus()
	f.spin = spinner.New(spinner.WithSpinner(spinner.MiniDot))
	return f
}

// WithSubmitLabel names what Enter does in the footer ("create", "rename").
func (f Form) WithSubmitLabel(label string) Form {
	f.submit = label
	return f
}

// Values returns the trimmed field values in order.
func (f Form) Values() []string {
	v := make([]string, len(f.inputs))
	for i, in := range f.inputs {
		v[i] = strings.TrimSpace(in.Value())
	}
	return v
}

// SetValue fills field i.
func (f *Form) SetValue(i int, v string) { f.inputs[i].SetValue(v) }

// SetFieldError shows msg under field i (empty clears it) and returns the
// form to editing with that field focused.
func (f *Form) SetFieldError(i int, msg string) {
	f.errs[i] = safetext.Line(msg)
	f.mode = editing
	f.focusField(i)
}

// ClearErrors removes every field error.
func (f *Form) ClearErrors() {
	for i := range f.errs {
		f.errs[i] = ""
	}
}

// SetBusy switches to the running view with a spinner and label.
func (f *Form) SetBusy(label string) tea.Cmd {
	f.mode, f.label, f.tail = busy, label, nil
	return f.spin.Tick
}

// Busy reports whether the action is running.
func (f Form) Busy() bool { return f.mode == busy }

// SetTail replaces the live output shown while busy (last lines only).
func (f *Form) SetTail(lines []string) {
	const keep = 8
	if len(lines) > keep {
		lines = lines[len(lines)-keep:]
	}
	f.tail = safeLines(lines)
}

// SetFailed shows the failure and the detail lines (e.g. the rollback
// outcome); Enter or Esc then closes the form.
func (f *Form) SetFailed(msg string, details ...string) {
	f.mode, f.failure, f.details = failed, safetext.Line(msg), safeLines(details)
}

// Failed reports whether the form shows a failure.
func (f Form) Failed() bool { return f.mode == failed }

func (f *Form) focusField(i int) {
	for j := range f.inputs {
		f.inputs[j].Blur()
	}
	f.focus = i
	f.inputs[i].Focus()
}

// Update handles one message. Submitted means Enter while editing; the
// parent validates and calls SetFieldError or SetBusy.
func (f Form) Update(msg tea.Msg) (Form, tea.Cmd, Outcome) {
	if t, ok := msg.(spinner.TickMsg); ok {
		if f.mode != busy {
			return f, nil, Pending
		}
		var cmd tea.Cmd
		f.spin, cmd = f.spin.Update(t)
		return f, cmd, Pending
	}
	k, isKey := msg.(tea.KeyPressMsg)
	switch f.mode {
	case busy:
		return f, nil, Pending
	case failed:
		if isKey && (f.keys.Is(keys.FormCancel, k.String()) || f.keys.Is(keys.FormSubmit, k.String())) {
			return f, nil, Cancelled
		}
		return f, nil, Pending
	}
	if isKey {
		switch s := k.String(); {
		case f.keys.Is(keys.FormCancel, s):
			return f, nil, Cancelled
		case f.keys.Is(keys.FormSubmit, s):
			return f, nil, Submitted
		case f.keys.Is(keys.FormNext, s):
			f.focusField((f.focus + 1) % len(f.inputs))
			return f, nil, Pending
		case f.keys.Is(keys.FormPrev, s):
			f.focusField((f.focus + len(f.inputs) - 1) % len(f.inputs))
			return f, nil, Pending
		}
	}
	var cmd tea.Cmd
	f.inputs[f.focus], cmd = updateField(f.inputs[f.focus], msg)
	if isKey {
		f.errs[f.focus] = ""
	}
	return f, cmd, Pending
}

// View renders the form width cells wide.
func (f Form) View(width int) string {
	th := f.theme
	var b strings.Builder
	b.WriteString(th.AccentStyle().Render(f.title))
	b.WriteString("\n\n")
	switch f.mode {
	case busy:
		b.WriteString(f.spin.View() + " " + th.TextStyle().Render(f.label) + "\n")
		for _, line := range f.tail {
			b.WriteString(th.MutedStyle().Render("  "+ansi.Truncate(line, max(0, width-8), "…")) + "\n")
		}
		return box(th, width, strings.TrimRight(b.String(), "\n"))
	case failed:
		b.WriteString(th.ErrorStyle().Render("✗ "+f.failure) + "\n")
		for _, line := range f.details {
			b.WriteString(th.TextStyle().Render("  "+line) + "\n")
		}
		b.WriteString("\n" + th.MutedStyle().Render(closeHint(f.keys)))
		return box(th, width, b.String())
	}
	for i, spec := range f.specs {
		label := spec.Label
		if i == f.focus {
			label = th.AccentStyle().Render(label)
		} else {
			label = th.TextStyle().Render(label)
		}
		b.WriteString(label + "\n" + f.inputs[i].View() + "\n")
		switch {
		case f.errs[i] != "":
			b.WriteString(th.ErrorStyle().Render("  "+f.errs[i]) + "\n")
		case spec.Hint != "":
			b.WriteString(th.MutedStyle().Render("  "+spec.Hint) + "\n")
		}
		b.WriteByte('\n')
	}
	b.WriteString(th.MutedStyle().Render(f.keys.Hints(keys.Hint{ID: keys.FormSubmit, What: f.submit},
		keys.Hint{ID: keys.FormNext, What: "next field"}, keys.Hint{ID: keys.FormCancel, What: "cancel"})))
	return box(th, width, b.String())
}

// closeHint is the footer of a finished dialog, which either key closes.
func closeHint(km keys.Map) string {
	return km.Label(keys.FormSubmit) + "/" + km.Label(keys.FormCancel) + ": close"
}
