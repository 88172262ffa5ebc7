package fleet

import "amux.dev/amux/workspace/remote/client"

// Hosts returns every host as it stands now, in the configured order.
func (f *Fleet) Hosts() []Host {
	f.mu.Lock()
	ms := append([]*member(nil), f.members...)
	names := make([]string, len(ms))
	for i, m := range ms {
		names[i] = m.cfg.Name
	}
	f.mu.Unlock()
	out := make([]Host, len(ms))
	for i, m := range ms {
		out[i] = snapshot(names[i], m)
	}
	return out
}

// Host returns the named host as it stands now; false when the fleet has
// no such host (never configured, or removed).
func (f *Fleet) Host(name string) (Host, bool) {
	m, cur, ok := f.member(name)
	if !ok {
		return Host{}, false
	}
	return snapshot(cur, m), true
}

func snapshot(name string, m *member) Host {
	err := m.h.Err()
	st, since, reason, fix := classify(err)
	return Host{Name: name, Dest: m.cfg.Dest, Status: st, Since: since, Reason: reason, Fix: fix, Err: err,
		State: m.h.State()}
}

func (f *Fleet) member(name string) (*member, string, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, m := range f.members {
		if m.cfg.Name == name {
			return m, m.cfg.Name, true
		}
	}
	return nil, "", false
}

// Client returns the named host's client, for what is not a workspace
// service: AttachCommand (a remote tab's argv), Forward and Unforward (a
// workspace's ports), Reconnect (after the person acted on a refusal).
func (f *Fleet) Client(name string) (*client.Host, bool) {
	m, _, ok := f.member(name)
	if !ok {
		return nil, false
	}
	return m.h, true
}

// Services returns the named host's workspace services. They answer while
// the host is down too: with its *client.UnreachableError at once.
func (f *Fleet) Services(name string) (Services, bool) {
	h, ok := f.Client(name)
	if !ok {
		return Services{}, false
	}
	return Services{Lifecycle: h, Session: h, Review: h, Trust: h, Status: h}, true
}

// WorkspaceHost names the host whose records hold the workspace id (from
// the last pushed state, so a host that is down still owns its
// workspaces). Workspace IDs are random, so two hosts do not share one; if
// they ever did, the first in the list wins.
func (f *Fleet) WorkspaceHost(id string) (string, bool) {
	return f.find(func(st client.State) bool {
		for _, r := range st.Records {
			if r.ID == id {
				return true
			}
		}
		return false
	})
}

// SessionHost names the host whose tmux server has the session called
// name (amux's session names carry the workspace ID, so they do not repeat
// across hosts; the first in the list wins if one did).
func (f *Fleet) SessionHost(name string) (string, bool) {
	return f.find(func(st client.State) bool {
		for _, s := range st.Sessions {
			if s.Name == name {
				return true
			}
		}
		return false
	})
}

func (f *Fleet) find(has func(client.State) bool) (string, bool) {
	f.mu.Lock()
	ms := append([]*member(nil), f.members...)
	names := make([]string, len(ms))
	for i, m := range ms {
		names[i] = m.cfg.Name
	}
	f.mu.Unlock()
	for i, m := range ms {
		if has(m.h.State()) {
			return names[i], true
		}
	}
	return "", false
}
