package textview

import (
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/ui/keys"
)

// Update handles a key, paste or wheel event meant for the viewer. used is
// false for what it does not handle (Esc outside the query field, keys it
// does not bind): the parent decides those, such as closing.
func (m Model) Update(msg tea.Msg) (_ Model, cmd tea.Cmd, used bool) {
	if m.search.editing {
		switch msg.(type) {
		case tea.KeyPressMsg, tea.PasteMsg:
			return m, m.editSearch(msg), true
		}
	}
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		id, ok := m.keymap[msg.String()]
		if !ok {
			return m, nil, false
		}
		return m, m.run(id), true
	case tea.MouseWheelMsg:
		switch msg.Mouse().Button {
		case tea.MouseWheelUp:
			m.Scroll(-1) // a line per notch
		case tea.MouseWheelDown:
			m.Scroll(1)
		default:
			return m, nil, false
		}
		return m, nil, true
	}
	return m, nil, false
}

// run performs one of the viewer's actions.
func (m *Model) run(id keys.ActionID) tea.Cmd {
	switch id {
	case ActDown:
		m.Scroll(1)
	case ActUp:
		m.Scroll(-1)
	case ActPageDown:
		m.Scroll(max(m.height-1, 1))
	case ActPageUp:
		m.Scroll(-max(m.height-1, 1))
	case ActTop:
		m.Top()
	case ActBottom:
		m.Bottom()
	case ActSearch:
		return m.openSearch()
	case ActNextMatch:
		m.step(false)
	case ActPrevMatch:
		m.step(true)
	}
	return nil
}
