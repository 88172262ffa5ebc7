package app

import (
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
)

// The root's side of the tabs owner (tabs_owner.go): what it shows the
// owner of itself (tabScene), where it sends the owner's messages, and how
// it carries out what the owner asks (the keys, focus).

// tabScene is the root as the tabs owner reads it for one call.
func (m *Model) tabScene() tabScene {
	l := m.layout()
	w, h := l.termSize(m.width)
	x, y := l.termOrigin(m.width)
	return tabScene{ws: m.list.selectedID(), w: w, h: h, x: x, y: y, focused: m.focus == focusTabArea, th: m.th,
		cfg: &m.deps.Config, snap: &m.list.snap, states: m.watch.states}
}

// onTabRequest carries out what the tabs owner (or a tab dialog) asked of
// the root: the keys and the focus are the root's.
func (m *Model) onTabRequest(msg tea.Msg) tea.Cmd {
	switch r := msg.(type) {
	case tabEnterRequest:
		return tea.Batch(m.say(modal.LevelInfo, m.enterNew(r.t)), m.syncViews())
	case tabRevealRequest:
		m.list.selectWorkspace(r.wsID)
		said := m.enterNew(r.t)
		return tea.Batch(m.setFocus(focusTabArea), m.say(modal.LevelInfo, said))
	case tabLeaveRequest:
		if m.entered == r.t {
			m.entered = nil // a reattach must not hand the program keys
		}
	case tabSyncRequest:
		return m.syncViews()
	case tabNewRequest:
		return m.applyOwned(m.tabs.newTab(m.tabScene(), r.kind, r.assistant, r.firstTask))
	}
	return nil
}

// activeTab is the shown tab of the selected workspace.
func (m *Model) activeTab() *tab { return m.tabs.active(m.list.selectedID()) }

// resizeViews gives every live view the current terminal area: the tabs',
// the sidebar's, and an open dialog that fills the screen.
func (m *Model) resizeViews() tea.Cmd {
	if m.width < minWidth || m.height < minHeight {
		// The "too small" screen shows no tab: do not squeeze the agents'
		// windows (tmux would reflow them) for a size nobody sees.
		return nil
	}
	cmds := append(m.tabs.resize(m.tabScene()), m.side.setSize(m.sideEnv()))
	if o, ok := m.overlay.(modal.ScreenSized); ok {
		cmds = append(cmds, o.Resize(m.width, m.height)) // the command colours rows a bigger viewer shows
	}
	return tea.Batch(cmds...)
}
