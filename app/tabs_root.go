package app

import (
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/ui/termview"
	"amux.dev/amux/workspace"
)

// The root's side of the tabs owner (tabs_owner.go): what it shows the
// owner of itself (tabScene), where it sends the owner's messages, and how
// it carries out what the owner asks (the keys, focus, a load).

// tabScene is the root as the tabs owner reads it for one call.
func (m *Model) tabScene() tabScene {
	w, h := m.termSize()
	x, y := m.termOrigin()
	return tabScene{ws: m.selectedWorkspaceID(), w: w, h: h, x: x, y: y, focused: m.focus == focusCenter, th: m.th,
		cfg: &m.deps.Config, snap: &m.snap, states: m.watch.states}
}

// tabsDo applies what the tabs owner answered: its command, and the
// outcome it asks of the root.
func (m *Model) tabsDo(cmd tea.Cmd, out outcome) tea.Cmd {
	return tea.Batch(cmd, m.applyOutcome(nil, out))
}

// updateTabs hands one of the owner's messages to it.
func (m *Model) updateTabs(msg tea.Msg) tea.Cmd { return m.tabsDo(m.tabs.Update(msg, m.tabScene())) }

// onTabRequest carries out what the tabs owner (or a tab dialog) asked of
// the root.
func (m *Model) onTabRequest(msg tea.Msg) tea.Cmd {
	switch r := msg.(type) {
	case tabEnterRequest:
		return tea.Batch(m.say(levelInfo, m.enterNew(r.t)), m.syncViews())
	case tabRevealRequest:
		m.dash.SelectWorkspace(r.wsID)
		said := m.enterNew(r.t)
		return tea.Batch(m.setFocus(focusCenter), m.say(levelInfo, said))
	case tabLeaveRequest:
		if m.entered == r.t {
			m.entered = nil // a reattach must not hand the program keys
		}
	case tabSyncRequest:
		return m.syncViews()
	case tabLoadRequest:
		return m.load()
	case tabNewRequest:
		return m.tabsDo(m.tabs.newTab(m.tabScene(), r.kind, r.assistant, r.firstTask))
	}
	return nil
}

// selectedWorkspaceID is the workspace the center area shows.
func (m *Model) selectedWorkspaceID() string {
	w, ok := m.dash.SelectedWorkspace()
	if !ok {
		return ""
	}
	return w.ID
}

// activeTab is the shown tab of the selected workspace.
func (m *Model) activeTab() *tab { return m.tabs.active(m.selectedWorkspaceID()) }

// liveTerminal reports whether the center shows a live terminal that should
// receive keys.
func (m *Model) liveTerminal() (*tab, bool) {
	t := m.activeTab()
	// A pane whose program exited (kept by remain-on-exit) takes no keys:
	// they go to the tab commands instead (ctrl+r restart, x close).
	return t, t != nil && t.view != nil && !t.view.Closed() && t.state.State != agentstate.Stopped
}

// onTerminal routes a terminal view's own message (frames, close) to the
// tab or the sidebar terminal it belongs to.
func (m *Model) onTerminal(msg termview.Msg) tea.Cmd {
	t := m.tabs.byTerminal(msg.Terminal())
	if t == nil {
		if ws, st := m.sideTermOf(msg.Terminal()); st != nil {
			return m.onSideTermMsg(ws, st, msg)
		}
		return nil
	}
	return m.tabsDo(m.tabs.terminal(t, msg, m.activeTab()))
}

// resizeViews gives every live view the current terminal area.
func (m *Model) resizeViews() tea.Cmd {
	if m.width < minWidth || m.height < minHeight {
		// The "too small" screen shows no tab: do not squeeze the agents'
		// windows (tmux would reflow them) for a size nobody sees.
		return nil
	}
	return tea.Batch(append([]tea.Cmd{m.sizeSidebar()}, m.tabs.resize(m.tabScene())...)...)
}

// The forwarders below keep callers in other parts of app unchanged while
// the owners are extracted.

// forwarder: removed after the owners merge
func (m *Model) lostTabs(wsID string) []workspace.Tab { return m.tabs.lostTabs(wsID, m.tabScene()) }

// forwarder: removed after the owners merge
func (m *Model) reconcileTabs() { m.tabs.reconcile(m.tabScene()) }

// forwarder: removed after the owners merge
func (m *Model) showPendingTab() tea.Cmd { return m.tabsDo(m.tabs.showPending(m.tabScene())) }

// forwarder: removed after the owners merge
func (m *Model) ensureAttached() tea.Cmd { return m.tabs.ensureAttached(m.tabScene()) }

// forwarder: removed after the owners merge
func (m *Model) createTab(req tabRequest) tea.Cmd { return m.tabs.createTab(req) }

// forwarder: removed after the owners merge
func (m *Model) resume() tea.Cmd { return m.tabsDo(m.tabs.resume(m.tabScene())) }
