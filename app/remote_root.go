package app

import (
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/dialogs"
	"amux.dev/amux/app/modal"
	"amux.dev/amux/workspace/remote/fleet"
)

// The root's side of the remote hosts (remote_owner.go): a fleet change is
// one message that refreshes the list's host levels, the hosts' agent
// states and the tabs of hosts that dropped or came back; the owner's
// other messages are carried out here where they touch another owner.

// onRemote carries out a message of the fleet or of the remote owner.
func (m *Model) onRemote(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case fleetMsg:
		return tea.Batch(m.fleetChanged(), m.remote.wait())
	case fleetSetMsg:
		if msg.err != nil {
			return m.say(modal.LevelWarn, "hosts: "+msg.err.Error())
		}
	case dialogs.HostsChanged:
		m.deps.Config.Hosts = msg.Hosts // the saved list is the live one
		return m.remote.set(msg.Hosts)
	case forwardedMsg:
		out := m.remote.forwardDone(msg)
		m.list.forwarded = m.remote.forwarded
		m.list.rebuild(m.listScene())
		return m.applyOwned(nil, out)
	case installReq:
		return m.applyOwned(m.remote.install(msg))
	case installedMsg:
		return m.applyOwned(nil, m.remote.installed(msg))
	}
	return nil
}

// fleetChanged takes the hosts as they stand now into the list, the
// supervise owner and the tabs, and offers a copy to a host without amux.
// Before this machine's first load the list and the states keep them (the
// load settles the rows, applies the saved layout and makes the tabs,
// which take their known states then).
func (m *Model) fleetChanged() tea.Cmd {
	hosts := m.remote.hosts()
	if hosts == nil {
		return nil
	}
	m.list.setHosts(hosts)
	watched := m.applyOwned(m.watch.hostsPushed(hosts, m.watchScene()))
	if !m.list.loaded {
		return watched
	}
	down := map[string]string{}
	for _, h := range hosts {
		if h.Status != fleet.Connected {
			down[h.Name] = h.Line()
		}
	}
	owner := func(wsID string) string { return m.remote.route.of(wsID).host }
	// The tabs follow the hosts' sessions, then the rows are drawn — as
	// after a load, but a selection a flow waits for stays for this
	// machine's next load (a push must not use it up).
	m.tabs.reconcile(m.tabScene())
	m.list.rebuild(m.listScene())
	m.list.selectPushed()
	tabs := m.tabs.hostsChanged(down, owner, m.tabScene())
	offer := m.applyOwned(nil, m.remote.offerInstall(hosts, m.th, m.km, m.overlay != nil))
	return tea.Batch(watched, tabs, offer, m.saveViewState())
}
