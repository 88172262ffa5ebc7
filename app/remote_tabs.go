package app

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/ui/termview"
	"amux.dev/amux/workspace"
	"amux.dev/amux/workspace/remote/fleet"
)

// Remote tabs (tabs_owner.go): a tab of a workspace on a host is the same
// terminal view over another attach command — the host's session service
// makes and checks its session, and its PTY runs the host's attach over
// the shared connection. While the host is down the tab says so, never
// idle or done, and it attaches again once the host is back.

// tabRoute is what the owner's commands use for workspace wsID's tabs:
// the router's route, or — for an owner a test built without a router —
// its own session service and this machine's tmux.
func (o *tabsOwner) tabRoute(wsID string) route {
	if o.d.route == nil {
		return route{Services: fleet.Services{Session: o.d.sessions}, tmux: o.d.tmux}
	}
	return o.d.route.of(wsID)
}

// tabSessions is the session service of workspace wsID's tabs.
func (o *tabsOwner) tabSessions(wsID string) workspace.SessionService {
	return o.tabRoute(wsID).Session
}

// tabAttach is how workspace wsID's tabs start their PTY.
func (o *tabsOwner) tabAttach(wsID string) func(context.Context, string, termview.Options) (*termview.Terminal, error) {
	return o.tabRoute(wsID).attach
}

// hostsChanged follows the hosts' connections in the tabs of their
// workspaces: a host that is not connected puts its line ("unreachable
// since 14:05") on each of its tabs in place of a state, so none reads as
// idle or done; one connected again clears it and attaches its shown tab.
// down names each host that is not connected with its line; owner names
// the host of a workspace ("" for this machine).
func (o *tabsOwner) hostsChanged(down map[string]string, owner func(wsID string) string, sc tabScene) tea.Cmd {
	was := o.hostDown
	o.hostDown = map[*tab]string{} // made anew: a tab gone since is forgotten
	var cmds []tea.Cmd
	for wsID, wt := range o.tabSet {
		host := owner(wsID)
		line, isDown := down[host]
		isDown = isDown && host != ""
		for _, t := range wt.tabs {
			switch {
			case isDown:
				o.hostDown[t] = host + " " + line
				t.err = o.hostDown[t]
				t.state, t.attention = agentstate.Result{}, false
			case was[t] != "":
				if t.err == was[t] {
					t.err = ""
				}
				if t.view != nil && t.view.Closed() {
					detach(t) // its ssh ended with the connection: a fresh attach
				}
				if t.attaching {
					// An attach begun as the host went is stuck on the old
					// connection: supersede it (its late result is dropped
					// by generation) so the host's return attaches afresh.
					t.attaching = false
					t.attachGen++
				}
			}
		}
		if wsID == sc.ws && !isDown {
			cmds = append(cmds, o.ensureAttached(sc)) // while down an attach would only fail
		}
	}
	return tea.Batch(cmds...)
}

// downLine is the line a tab of a host that is down shows, "" while its
// host is connected (or it is this machine's).
func (o *tabsOwner) downLine(t *tab) string { return o.hostDown[t] }
