// Package palette is the command palette that the prefix key opens: every
// command with its key, filtered fuzzily as you type; Enter runs the
// selected one through the same path as its key.
package palette

import (
	"strings"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/fuzzylist"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/theme"
)

// Model is an open palette.
type Model struct {
	actions []keys.Action
	reasons []string // why each action is unavailable ("" when available)
	list    fuzzylist.List
	input   textinput.Model
	theme   theme.Theme
	keys    keys.Map
	note    string // shown when Enter hits an unavailable command
}

// New opens a palette over actions, asking avail about each.
func New(th theme.Theme, km keys.Map, actions []keys.Action, avail keys.Availability) Model {
	m := Model{actions: actions, theme: th, keys: km}
	items := make([]fuzzylist.Item, len(actions))
	for i, a := range actions {
		ok, why := avail(a.ID)
		if ok {
			why = ""
		} else if why == "" {
			why = "not available here"
		}
		m.reasons = append(m.reasons, why)
		note := keys.KeyLabel(a.Keys)
		if !ok {
			note = why
		}
		items[i] = fuzzylist.Item{Title: a.Help, Note: note, Disabled: !ok}
	}
	m.list = fuzzylist.New(items)
	m.input = textinput.New()
	m.input.Prompt = "› "
	m.input.Placeholder = "type to filter commands"
	m.input.SetWidth(60)
	m.input.Focus()
	return m
}

// Update handles one message. On Submitted, Chosen says which action.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd, dialog.Outcome) {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch s := k.String(); {
		case m.keys.Is(keys.ListCancel, s):
			return m, nil, dialog.Cancelled
		case m.keys.Is(keys.ListChoose, s):
			i, ok := m.list.Selected()
			if !ok {
				return m, nil, dialog.Pending
			}
			if m.reasons[i] != "" {
				m.note = m.actions[i].Help + ": " + m.reasons[i]
				return m, nil, dialog.Pending
			}
			return m, nil, dialog.Submitted
		case m.keys.Is(keys.ListUp, s):
			m.list.Move(-1)
			return m, nil, dialog.Pending
		case m.keys.Is(keys.ListDown, s):
			m.list.Move(1)
			return m, nil, dialog.Pending
		case m.keys.Is(keys.ListPageUp, s):
			m.list.Move(-10)
			return m, nil, dialog.Pending
		case m.keys.Is(keys.ListPageDown, s):
			m.list.Move(10)
			return m, nil, dialog.Pending
		}
	}
	if p, ok := msg.(tea.PasteMsg); ok {
		msg = tea.PasteMsg{Content: dialog.FirstLine(p.Content)}
	}
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	m.list.SetQuery(m.input.Value())
	m.note = ""
	return m, cmd, dialog.Pending
}

// Chosen returns the selected action.
func (m Model) Chosen() (keys.Action, bool) {
	i, ok := m.list.Selected()
	if !ok || m.reasons[i] != "" {
		return keys.Action{}, false
	}
	return m.actions[i], true
}

// View renders the palette width×height.
func (m Model) View(width, height int) string {
	th := m.theme
	inner := width - 6
	var b strings.Builder
	b.WriteString(th.AccentStyle().Render("Commands") + "\n")
	b.WriteString(m.input.View() + "\n\n")
	rows := max(3, height-9)
	b.WriteString(m.list.View(th, inner, rows))
	b.WriteString("\n\n")
	if m.note != "" {
		b.WriteString(th.Style(th.Warning).Render(m.note))
	} else {
		km := m.keys
		b.WriteString(th.MutedStyle().Render(km.Hints(keys.Hint{ID: keys.ListChoose, What: "run"}) + " · " +
			km.First(keys.ListUp) + "/" + km.First(keys.ListDown) + ": move · " + km.Hints(keys.Hint{ID: keys.ListCancel, What: "close"})))
	}
	return th.Panel(true).Padding(1, 2).Width(width).Render(b.String())
}
