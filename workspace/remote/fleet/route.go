package fleet

import (
	"amux.dev/amux/config"
	"amux.dev/amux/workspace/remote/client"
)

// running is a member with its configuration as it was when read: a
// rename rewrites the member's, under the fleet's lock.
type running struct {
	cfg config.Host
	h   *client.Host
}

// running copies the members under the lock; the clients are asked
// outside it (each has its own).
func (f *Fleet) running() []running {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := make([]running, len(f.members))
	for i, m := range f.members {
		out[i] = running{m.cfg, m.h}
	}
	return out
}

// Hosts returns every host as it stands now, in the configured order.
func (f *Fleet) Hosts() []Host {
	rs := f.running()
	out := make([]Host, len(rs))
	for i, r := range rs {
		out[i] = r.snapshot()
	}
	return out
}

// Host returns the named host as it stands now; false when the fleet has
// no such host (never configured, or removed).
func (f *Fleet) Host(name string) (Host, bool) {
	r, ok := f.member(name)
	if !ok {
		return Host{}, false
	}
	return r.snapshot(), true
}

func (r running) snapshot() Host {
	err := r.h.Err()
	st, since, reason, fix := classify(err)
	return Host{Name: r.cfg.Name, Dest: r.cfg.Dest, Status: st, Since: since, Reason: reason, Fix: fix, Err: err,
		State: r.h.State()}
}

func (f *Fleet) member(name string) (running, bool) {
	for _, r := range f.running() {
		if r.cfg.Name == name {
			return r, true
		}
	}
	return running{}, false
}

// Client returns the named host's client, for what is not a workspace
// service: AttachCommand (a remote tab's argv), Forward and Unforward (a
// workspace's ports), Reconnect (after the person acted on a refusal).
func (f *Fleet) Client(name string) (*client.Host, bool) {
	r, ok := f.member(name)
	if !ok {
		return nil, false
	}
	return r.h, true
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
	for _, r := range f.running() {
		if has(r.h.State()) {
			return r.cfg.Name, true
		}
	}
	return "", false
}
