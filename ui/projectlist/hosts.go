package projectlist

import (
	"time"

	"charm.land/lipgloss/v2"

	"amux.dev/amux/ui/safetext"
)

// HostState is how a remote host's connection stands.
type HostState int

// Host states.
const (
	HostConnected HostState = iota
	HostConnecting
	HostUnreachable // Since says from when
	HostRefused     // Reason says why
)

// ThisMachine is the first host row's name: the local engine's projects.
const ThisMachine = "this machine"

// Host is one remote host and the projects it last reported, drawn after
// this machine's. Its name, reason and every project's and workspace's
// text came from outside (the config, the host): SetHosts makes them
// inert.
type Host struct {
	Name     string
	State    HostState
	Since    time.Time // HostUnreachable: when it was last reachable
	Reason   string    // HostRefused: why, in short
	Projects []Project
}

// Line is the host's status as its row says it.
func (h Host) Line() string {
	switch h.State {
	case HostConnecting:
		return "connecting…"
	case HostUnreachable:
		return "unreachable since " + h.Since.Local().Format("15:04")
	case HostRefused:
		return "refused: " + h.Reason
	}
	return "connected"
}

// shortLine is Line for a narrow row: the same words, fewer of them.
func (h Host) shortLine() string {
	if h.State == HostUnreachable {
		return "unreachable " + h.Since.Local().Format("15:04")
	}
	return h.Line()
}

// fitLine is the host's line in room cells: the whole line, else the short
// one, cut to fit.
func (h Host) fitLine(room int) string {
	if l := h.Line(); lipgloss.Width(l) <= room {
		return l
	}
	return truncate(h.shortLine(), room)
}

// live reports whether the host's state can be believed now: while it is
// down, its workspaces show the host's line, never a stale idle or done.
func (h Host) live() bool { return h.State == HostConnected }

// SetHosts replaces the remote hosts, in the order given (after this
// machine). With none, the list is this machine's projects alone, drawn as
// it always was; with some, a host row heads each machine. The cursor
// stays on the same row when it still exists.
func (m *Model) SetHosts(hosts []Host) {
	key := m.selectedKey()
	m.hosts = make([]Host, len(hosts))
	for i, h := range hosts {
		m.hosts[i] = inertHost(h)
	}
	m.rebuild()
	m.selectKey(key)
}

// Hosts returns the remote hosts as SetHosts kept them.
func (m Model) Hosts() []Host { return m.hosts }

func inertHost(h Host) Host {
	h.Name, h.Reason = safetext.Line(h.Name), safetext.Line(h.Reason)
	ps := make([]Project, len(h.Projects))
	for i, p := range h.Projects {
		p.Name, p.Error = safetext.Line(p.Name), safetext.Line(p.Error)
		ws := make([]Workspace, len(p.Workspaces))
		for j, w := range p.Workspaces {
			w.Name, w.Branch, w.Detail = safetext.Line(w.Name), safetext.Line(w.Branch), safetext.Line(w.Detail)
			ws[j] = w
		}
		p.Workspaces, ps[i] = ws, p
	}
	h.Projects = ps
	return h
}

// SelectedHost names the machine of the cursor row: "" for this machine
// (also when no hosts are configured), else the host's name.
func (m Model) SelectedHost() string {
	r, ok := m.Selected()
	if !ok || r.Host == 0 {
		return ""
	}
	return m.hosts[r.Host-1].Name
}

// SelectHost moves the cursor to the host's row ("" for this machine).
func (m *Model) SelectHost(name string) {
	for i, r := range m.rows {
		if r.Kind == HostRow && (r.Host == 0 && name == "" || r.Host > 0 && m.hosts[r.Host-1].Name == name) {
			m.cursor = i
			return
		}
	}
}

// down reports whether machine h is a host that is not connected now: its
// workspace rows show the host's line instead of their state.
func (m Model) down(h int) (Host, bool) {
	if h == 0 || m.hosts[h-1].live() {
		return Host{}, false
	}
	return m.hosts[h-1], true
}
