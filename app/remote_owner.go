package app

import (
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/config"
	"amux.dev/amux/workspace/remote/client"
	"amux.dev/amux/workspace/remote/fleet"
)

// remoteOwner holds what the app keeps of the remote hosts: the fleet,
// the route from a workspace to its services, which workspaces' ports are
// forwarded (or being), and the hosts already offered a copy of amux. It
// answers with commands and outcomes the root applies (remote_root.go);
// the list, the tabs and the supervise owner take the hosts from the root.
type remoteOwner struct {
	fleet hostFleet // nil: this machine only
	route *router

	forwarded  map[string][]client.Forwarding // workspace ID → its forwardings
	forwarding map[string]bool                // a forward or its stop in flight
	offered    map[string]bool                // host name → the copy was offered once
}

// newRemoteOwner is the owner over d's fleet and services.
func newRemoteOwner(d Deps) *remoteOwner {
	return &remoteOwner{fleet: d.Fleet, route: newRouter(d), forwarded: map[string][]client.Forwarding{},
		forwarding: map[string]bool{}, offered: map[string]bool{}}
}

// fleetSetMsg is the end of a Set the Hosts dialog's save asked for.
type fleetSetMsg struct{ err error }

// start is Init's part: the hosts as they stand now (connecting, most
// likely), after which each message starts the next wait on the fleet.
func (o *remoteOwner) start() tea.Cmd {
	if o.fleet == nil {
		return nil
	}
	return func() tea.Msg { return fleetMsg{} }
}

// wait is the one command waiting on the fleet's next change.
func (o *remoteOwner) wait() tea.Cmd { return waitFleet(o.fleet) }

// hosts are the fleet's hosts as they stand now (nil without a fleet).
func (o *remoteOwner) hosts() []fleet.Host {
	if o.fleet == nil {
		return nil
	}
	return append([]fleet.Host{}, o.fleet.Hosts()...)
}

// set makes the fleet run the list the Hosts dialog saved: Set closes
// connections, so it runs as a command.
func (o *remoteOwner) set(hosts []config.Host) tea.Cmd {
	f := o.fleet
	if f == nil {
		return nil
	}
	hosts = append([]config.Host(nil), hosts...)
	return func() tea.Msg { return fleetSetMsg{err: f.Set(hosts)} }
}
