package app

import (
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/workspace"
)

// The root's side of the project list (list_owner.go): what it shows the
// list of the other owners (listScene), where it sends the list's
// messages, and how it carries out what the list asks (the tabs following
// a load, the saved tabs, the layout to save).

// listScene is the root as the list reads it now.
func (m *Model) listScene() listScene {
	return listScene{th: m.th, busy: m.life.Busy(), badge: m.tabs.badge, landings: m.side.landings}
}

// onListLoaded settles a load the list took: the monitor wakes when there
// are sessions to watch (maybe made by someone else), the tabs follow the
// sessions before the rows are drawn with their badges, then the saved
// layout and a pending selection apply, the tab a flow asked for shows,
// and the layout is saved.
func (m *Model) onListLoaded(r listLoadedReq) tea.Cmd {
	if r.live {
		m.watch.wake() // there is something to watch (maybe made by someone else)
	}
	m.tabs.reconcile(m.tabScene())
	settled := m.applyOwned(m.list.settle(m.listScene(), r.first))
	return tea.Batch(settled, m.applyOwned(m.tabs.showPending(m.tabScene())), m.saveViewState())
}

// onViewState takes the panes' sizes from the saved layout, and gives the
// list the rest of it.
func (m *Model) onViewState(msg viewStateMsg) tea.Cmd {
	m.listPane.take(msg.v)
	m.side.takeLayout(msg.v)
	resize := m.resizeViews()
	return tea.Batch(resize, m.applyOwned(m.list.Update(msg, m.listScene())))
}

// currentView is the layout now, to save: the panes' sizes and each
// workspace's shown tab (the root's), with the list's folds and selection.
func (m *Model) currentView() workspace.ViewState {
	v := workspace.ViewState{ActiveTabs: map[string]string{}}
	m.listPane.put(&v)
	m.side.putLayout(&v)
	for wsID, wt := range m.tabs.tabSet {
		if t := wt.current(); t != nil {
			v.ActiveTabs[wsID] = t.id
		}
	}
	return m.list.view(v)
}

// saveViewState writes the layout when it changed since the last save.
func (m *Model) saveViewState() tea.Cmd { return m.list.save(m.currentView()) }

// quit saves the layout, then ends the program.
func (m *Model) quit() tea.Cmd {
	if save := m.saveViewState(); save != nil {
		return tea.Sequence(save, tea.Quit)
	}
	return tea.Quit
}

// tabAreaContent is what the tab area shows for the selection while it has
// no tab (the list's to say).
func (m painter) tabAreaContent(w, h int) (string, string) {
	lost := 0
	if ws := m.list.selectedID(); ws != "" {
		lost = len(m.tabs.lostTabs(ws, m.tabSc))
	}
	return m.list.tabAreaText(m.listSc, lost)
}
