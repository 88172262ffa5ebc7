package app

import (
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/status/agentstate"
)

// animating reports whether anything on screen shows a spinner: loading,
// an operation, an attach, a working agent, or a dialog waiting on work.
func (m *Model) animating() bool {
	if !m.list.loaded || m.life.running() {
		return true
	}
	if w, ok := m.overlay.(waiter); ok && w.waiting() {
		return true
	}
	for _, wt := range m.tabs.tabSet {
		for _, t := range wt.tabs {
			if t.attaching || t.state.State == agentstate.Working {
				return true
			}
		}
	}
	return false
}

// keepAnimating restarts the spinner when something needs it again.
func (m *Model) keepAnimating() tea.Cmd {
	if m.spinning || !m.animating() {
		return nil
	}
	m.spinning = true
	return m.spin.Tick
}
