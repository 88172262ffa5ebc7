package app

import (
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/config"
	"amux.dev/amux/workspace/remote/fleet"
)

// The root's side of the remote hosts (remote.go): a fleet change is one
// message that refreshes the list's host levels, the tabs of hosts that
// dropped or came back and the hosts' agent states, and the Hosts
// dialog's saves reach the fleet.

// fleetSetMsg is the end of a Set the Hosts dialog's save asked for.
type fleetSetMsg struct{ err error }

// fleetStart is Init's part for the fleet: the hosts as they stand now
// (connecting, most likely), and from then the wait on their changes.
func (m *Model) fleetStart() tea.Cmd {
	if m.deps.Fleet == nil {
		return nil
	}
	return func() tea.Msg { return fleetMsg{} }
}

// onRemote carries out a message of the fleet.
func (m *Model) onRemote(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case fleetMsg:
		return tea.Batch(m.onFleet(), waitFleet(m.deps.Fleet))
	case fleetSetMsg:
		if msg.err != nil {
			return m.say(modal.LevelWarn, "hosts: "+msg.err.Error())
		}
	case forwardedMsg:
		return m.onForwarded(msg)
	case installReq:
		return m.install(msg)
	case installedMsg:
		return m.onInstalled(msg)
	}
	return nil
}

// onFleet takes the hosts as they stand now into the list, the supervise
// owner and the tabs. Before this machine's first load the list and the
// states keep them (the load settles the rows, applies the saved layout
// and makes the tabs, which take their known states then).
func (m *Model) onFleet() tea.Cmd {
	if m.deps.Fleet == nil {
		return nil
	}
	hosts := m.deps.Fleet.Hosts()
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
	owner := func(wsID string) string { return m.route.of(wsID).host }
	settled := m.onListLoaded(listLoadedReq{}) // the tabs follow the hosts' sessions, the rows are drawn
	tabs := m.tabs.hostsChanged(down, owner, m.tabScene())
	return tea.Batch(watched, settled, tabs, m.offerInstall(hosts))
}

// hostsSaved makes the fleet run the list the Hosts dialog saved: Set
// closes connections, so it runs as a command.
func (m *Model) hostsSaved(hosts []config.Host) tea.Cmd {
	m.deps.Config.Hosts = hosts // the saved list is the live one
	f := m.deps.Fleet
	if f == nil {
		return nil
	}
	hosts = append([]config.Host(nil), hosts...)
	return func() tea.Msg { return fleetSetMsg{err: f.Set(hosts)} }
}
