// Package settings is the Settings dialog: every value of config.json —
// theme (previewed while moving through the list), key hints, the bell,
// the tmux server and config, the agent-state timings, the port space,
// and the assistants (add, edit the command and interrupt settings, remove
// a user one) — with the contract's save rules (save.go). Text fields
// follow the one-line paste rule: a paste adds its first line only and
// never submits, cancels or toggles a row.
package settings

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/config"
	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/theme"
)

// Model is an open Settings dialog over the live configuration.
type Model struct {
	th      theme.Theme
	keys    keys.Map
	live    config.Config
	pending Pending
	rows    []Row
	inputs  map[string]textinput.Model // by row ID, for text and number rows
	cursor  int
	offset  int
	removed []string
	added   int
	err     string
	errRow  string
	note    string
	result  Result
}

// New opens the dialog on the live configuration and what is pending.
func New(th theme.Theme, km keys.Map, live config.Config, pending Pending) Model {
	m := Model{th: th, keys: km, live: live, pending: pending, rows: FromConfig(live), inputs: map[string]textinput.Model{}}
	for _, r := range m.rows {
		m.addInput(r)
	}
	m.focus()
	return m
}

func (m *Model) addInput(r Row) {
	if r.Kind != Text && r.Kind != Number {
		return
	}
	in := textinput.New()
	in.Prompt = ""
	in.CharLimit = 1024
	if r.Kind == Number {
		in.CharLimit = 9
	}
	in.SetValue(r.Value)
	m.inputs[r.ID] = in
}

// SetTheme restyles the dialog (the app passes the previewed theme).
func (m *Model) SetTheme(th theme.Theme) { m.th = th }

// Preview is the theme under the cursor's edits: the app draws with it
// while the dialog is open and goes back to the live one on Esc.
func (m Model) Preview() string {
	for _, r := range m.rows {
		if r.ID == "ui.theme" {
			return r.Value
		}
	}
	return m.live.UI.Theme
}

// Result is what the confirmation asked for (after Submitted).
func (m Model) Result() Result { return m.result }

// SetError shows a save's failure in the dialog (the dialog stays open
// when the app chooses so).
func (m *Model) SetError(msg string) { m.err = msg }

// Update handles one message. Submitted: the values were valid and the
// app should make Result live and save it (Plan); Cancelled: Esc.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd, dialog.Outcome) {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		s, km := k.String(), m.keys
		switch {
		case km.Is(keys.FormCancel, s):
			return m, nil, dialog.Cancelled
		case km.Is(keys.FormSubmit, s):
			return m.submit()
		case km.Is(keys.FormNext, s):
			m.move(1)
			return m, m.focus(), dialog.Pending
		case km.Is(keys.FormPrev, s):
			m.move(-1)
			return m, m.focus(), dialog.Pending
		case km.Is(keys.FormAddRow, s):
			m.addAssistant()
			return m, m.focus(), dialog.Pending
		case km.Is(keys.FormDeleteRow, s):
			m.removeAssistant()
			return m, m.focus(), dialog.Pending
		}
		if r := &m.rows[m.cursor]; r.Kind == Choice || r.Kind == Toggle {
			switch {
			case km.Is(keys.FormValueBack, s):
				m.change(r, -1)
			case km.Is(keys.FormValueNext, s), s == "space":
				m.change(r, 1)
			}
			return m, nil, dialog.Pending
		}
	}
	r := &m.rows[m.cursor]
	in, ok := m.inputs[r.ID]
	if !ok {
		return m, nil, dialog.Pending // a paste on a choice row toggles nothing
	}
	msg, ok = dialog.InputMsg(msg) // a paste adds its first line, nothing more
	if !ok {
		return m, nil, dialog.Pending
	}
	if k, isKey := msg.(tea.KeyPressMsg); isKey && r.Kind == Number && k.Text != "" && strings.Trim(k.Text, "0123456789") != "" {
		return m, nil, dialog.Pending
	}
	var cmd tea.Cmd
	in, cmd = in.Update(msg)
	m.inputs[r.ID] = in
	if v := in.Value(); v != r.Value {
		// Only an edit clears what the dialog said: the field's cursor
		// blinks through here too, and took "removed x: confirm to save"
		// away within half a second.
		r.Value = v
		m.err, m.note = "", ""
	}
	return m, cmd, dialog.Pending
}

func (m *Model) move(d int) {
	m.cursor = (m.cursor + d + len(m.rows)) % len(m.rows)
	m.note = ""
}

// focus focuses the cursor row's field, if it has one, and blurs the rest.
func (m *Model) focus() tea.Cmd {
	var cmd tea.Cmd
	for id, in := range m.inputs {
		if id == m.rows[m.cursor].ID {
			cmd = in.Focus()
		} else {
			in.Blur()
		}
		m.inputs[id] = in
	}
	return cmd
}

func (m *Model) change(r *Row, d int) {
	switch r.Kind {
	case Toggle:
		r.Value = onOff(r.Value != "on")
	case Choice:
		i := max(slices.Index(r.Choices, r.Value), 0)
		r.Value = r.Choices[(i+d+len(r.Choices))%len(r.Choices)]
	}
	m.err = ""
}

// addAssistant appends the rows of a new assistant and moves to its name.
func (m *Model) addAssistant() {
	m.added++
	rows := newAssistantRows(m.added)
	for _, r := range rows {
		m.addInput(r)
	}
	m.rows = append(m.rows, rows...)
	m.cursor = len(m.rows) - len(rows)
}

// removeAssistant removes the assistant under the cursor: a user one goes
// (saved as removed), a new one is dropped, a built-in stays.
func (m *Model) removeAssistant() {
	r := m.rows[m.cursor]
	if r.Group != GroupAssistants {
		m.note = "only an assistant can be removed here"
		return
	}
	if r.BuiltIn {
		m.note = r.Assistant + " is built in: its command can be changed, not removed"
		return
	}
	if !strings.HasPrefix(r.Assistant, "+") {
		m.removed = append(m.removed, r.Assistant)
	}
	name := r.Assistant
	m.rows = slices.DeleteFunc(m.rows, func(x Row) bool { return x.Group == GroupAssistants && x.Assistant == name })
	m.cursor = min(m.cursor, len(m.rows)-1)
	m.note = "removed " + strings.TrimPrefix(name, "+") + ": confirm to save"
}

// submit validates the rows; on success the dialog is done.
func (m Model) submit() (Model, tea.Cmd, dialog.Outcome) {
	res, at, err := Apply(m.live, m.rows, m.removed)
	if err != nil {
		m.err, m.errRow = err.Error(), at
		if i := slices.IndexFunc(m.rows, func(r Row) bool { return r.ID == at }); i >= 0 {
			m.cursor = i
		}
		return m, m.focus(), dialog.Pending
	}
	m.result = res
	return m, nil, dialog.Submitted
}
