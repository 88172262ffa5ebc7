package app

import (
	"amux.dev/amux/app/scene"
	"amux.dev/amux/tmux"
	"amux.dev/amux/ui/projectlist"
	"amux.dev/amux/workspace"
	"amux.dev/amux/workspace/remote/client"
	"amux.dev/amux/workspace/remote/fleet"
)

// The project list's hosts (list_owner.go): each configured host's
// status and the projects and workspaces it last pushed, drawn under it
// after this machine's. The list's snapshot holds every machine's records
// and sessions together — the tabs, the supervise owner and the dialogs
// read one snapshot — while this machine's own rows come from its load
// alone (localSnap).

// setHosts takes the fleet's hosts as they stand now and remakes the
// merged snapshot; the root then settles it as it settles a load.
func (l *listOwner) setHosts(hosts []fleet.Host) {
	l.hosts = hosts
	l.snap = mergeSnapshots(l.local, hosts)
}

// lifeOf is the lifecycle service that manages workspace id: its host's
// when it lives on one.
func (l *listOwner) lifeOf(id string) workspace.LifecycleService {
	if l.d.route == nil {
		return l.d.life
	}
	return l.d.route.of(id).Lifecycle
}

// lifeOnSelected is the lifecycle service of the selected row's machine
// (a project's removal, its main checkout); nil when that host is gone.
func (l *listOwner) lifeOnSelected() workspace.LifecycleService {
	if l.d.route == nil {
		return l.d.life
	}
	r, ok := l.d.route.onHost(l.rows.SelectedHost())
	if !ok {
		return nil
	}
	return r.Lifecycle
}

// selectPushed selects the workspace a flow waits to see once a host's
// push shows it (awaitPush), after the rows were rebuilt.
func (l *listOwner) selectPushed() {
	if l.awaitPush != "" && l.rows.SelectWorkspace(l.awaitPush) {
		l.awaitPush = ""
	}
}

// takeLocal is a load of this machine: the merged snapshot follows it.
func (l *listOwner) takeLocal(s snapshot) {
	l.local = s
	l.snap = mergeSnapshots(s, l.hosts)
}

// localSnap is this machine's part of the snapshot. Without hosts it is
// the snapshot itself (a test may have changed it in place).
func (l *listOwner) localSnap() snapshot {
	if len(l.hosts) == 0 {
		return l.snap
	}
	return l.local
}

// hostRows are the list's host levels: each host's status and its
// projects, marked as this machine's are (decorate). None without hosts,
// so a single-machine list is drawn as it always was.
func (l *listOwner) hostRows(sc listScene) []projectlist.Host {
	if len(l.hosts) == 0 {
		return nil
	}
	out := make([]projectlist.Host, 0, len(l.hosts))
	for _, h := range l.hosts {
		projects := buildProjects(hostSnapshot(h.State), nil, sc.busy)
		decorate(projects, sc)
		for pi := range projects {
			for wi := range projects[pi].Workspaces {
				if w := &projects[pi].Workspaces[wi]; w.Detail == "" && len(l.forwarded[w.ID]) > 0 {
					w.Detail = forwardDetail(l.forwarded[w.ID]) // a narrow row: the numbers
				}
			}
		}
		out = append(out, projectlist.Host{Name: h.Name, State: hostState(h.Status), Since: h.Since,
			Reason: h.Reason, Projects: projects})
	}
	return out
}

// hostState is a fleet status as the list draws it.
func hostState(s fleet.Status) projectlist.HostState {
	switch s {
	case fleet.Connecting:
		return projectlist.HostConnecting
	case fleet.Unreachable:
		return projectlist.HostUnreachable
	case fleet.Refused:
		return projectlist.HostRefused
	}
	return projectlist.HostConnected
}

// hostSnapshot is a host's pushed state as a snapshot: its records and
// sessions (validated and made inert by the client; newSnapshot takes the
// display copies as for this machine's).
func hostSnapshot(st client.State) snapshot {
	records := make([]workspace.Record, 0, len(st.Records))
	for _, r := range st.Records {
		records = append(records, r.Record)
	}
	sessions := make([]tmux.SessionInfo, 0, len(st.Sessions))
	for _, s := range st.Sessions {
		sessions = append(sessions, s.SessionInfo)
	}
	return scene.NewSnapshot(st.Projects, records, sessions)
}

// mergeSnapshots is this machine's snapshot with every host's records and
// sessions after it. Workspace IDs are random and session names carry
// them, so nothing of one machine shadows another's.
func mergeSnapshots(local snapshot, hosts []fleet.Host) snapshot {
	if len(hosts) == 0 {
		return local
	}
	projects := append([]workspace.Project(nil), local.Projects...)
	records := append([]workspace.Record(nil), local.Records...)
	sessions := append([]tmux.SessionInfo(nil), local.Sessions...)
	for _, h := range hosts {
		hs := hostSnapshot(h.State)
		projects = append(projects, hs.Projects...)
		records = append(records, hs.Records...)
		sessions = append(sessions, hs.Sessions...)
	}
	return scene.NewSnapshot(projects, records, sessions)
}
