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
	m.list.Rank = m.rank
	m.input = textinput.New()
	m.input.Prompt = "› "
	m.input.Placeholder = "type to filter commands"
	m.input.SetWidth(60)
	m.input.Focus()
	return m
}

// rank orders a query's matches: a word of the label that starts with the
// query first ("com" finds "commit" before "Show lifecycle script output
// (… on-done)"), then a word of the help that does, then the rest; an
// action that can run before one that cannot, within each.
func (m Model) rank(i int, query string) int {
	q := strings.ToLower(query)
	r := 4
	switch {
	case wordPrefix(m.actions[i].Label, q):
		r = 0
	case wordPrefix(m.actions[i].Help, q):
		r = 2
	}
	if m.reasons[i] != "" {
		r++
	}
	return r
}

// wordPrefix reports whether text starts with q, or a word of it does.
func wordPrefix(text, q string) bool {
	t := strings.ToLower(text)
	if q == "" || strings.HasPrefix(t, q) {
		return q != ""
	}
	for i := 1; i < len(t); i++ {
		if !isWordRune(t[i-1]) && isWordRune(t[i]) && strings.HasPrefix(t[i:], q) {
			return true
		}
	}
	return false
}

func isWordRune(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= '0' && b <= '9' || b >= 0x80
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

// Offers reports whether the palette lists the action.
func (m Model) Offers(id keys.ActionID) bool {
	for _, a := range m.actions {
		if a.ID == id {
			return true
		}
	}
	return false
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
