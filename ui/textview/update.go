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
		id, ok := m.action(msg.String())
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

// viewActions are the actions the viewer runs itself.
var viewActions = []keys.ActionID{keys.ViewDown, keys.ViewUp, keys.ViewPageDown, keys.ViewPageUp,
	keys.ViewTop, keys.ViewBottom, keys.ViewSearch, keys.ViewNext, keys.ViewPrev}

// action is the viewer's action bound to key k.
func (m Model) action(k string) (keys.ActionID, bool) {
	for _, id := range viewActions {
		if m.keys.Is(id, k) {
			return id, true
		}
	}
	return "", false
}

// run performs one of the viewer's actions.
func (m *Model) run(id keys.ActionID) tea.Cmd {
	switch id {
	case keys.ViewDown:
		m.Scroll(1)
	case keys.ViewUp:
		m.Scroll(-1)
	case keys.ViewPageDown:
		m.Scroll(max(m.height-1, 1))
	case keys.ViewPageUp:
		m.Scroll(-max(m.height-1, 1))
	case keys.ViewTop:
		m.Top()
	case keys.ViewBottom:
		m.Bottom()
	case keys.ViewSearch:
		return m.openSearch()
	case keys.ViewNext:
		m.step(false)
	case keys.ViewPrev:
		m.step(true)
	}
	return nil
}
