package app

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/workspace/remote/client"
	"amux.dev/amux/workspace/remote/fleet"
)

// The forward key: a remote workspace's port range forwarded to this
// machine over its host's shared connection (client.Host.Forward, the
// same numbers on 127.0.0.1), shown on its row; the key again stops it.

// actForwardPorts forwards (or stops forwarding) the selected remote
// workspace's ports.
const actForwardPorts keys.ActionID = "forward-ports"

// forwardTimeout bounds the status read and the master's answer.
const forwardTimeout = 15 * time.Second

// remoteState is what the root keeps of the hosts: which workspaces'
// ports are forwarded (or being), and the hosts already offered a copy.
type remoteState struct {
	forwarded  map[string][]client.Forwarding // workspace ID → its forwardings
	forwarding map[string]bool                // a forward or its stop in flight
	offered    map[string]bool                // host name → the copy was offered once
}

// forwardedMsg is a forward's (or a stop's) end.
type forwardedMsg struct {
	wsID, name string
	fw         []client.Forwarding // what is forwarded now (nil: nothing)
	err        error
}

// forwardRows is the forward key's row.
func forwardRows() []action {
	a := keys.Action{ID: actForwardPorts, Scope: scopeProjectList, Keys: []string{"P"}, Label: "forward ports",
		Help: "Forward the remote workspace's port range to this machine (127.0.0.1, same numbers), or stop", Palette: true}
	return []action{{Action: a, run: (*Model).toggleForward, why: whyNotForwardable}}
}

// whyNotForwardable says why the selected row's ports cannot be forwarded.
func whyNotForwardable(m *Model) string {
	w, ok := m.list.selectedWorkspace()
	if !ok {
		return "select a workspace"
	}
	r := m.route.of(w.ID)
	if r.link == nil {
		return "a workspace on this machine: its ports are here already"
	}
	if h, ok := m.deps.Fleet.Host(r.host); ok && h.Status != fleet.Connected {
		return r.host + " is " + h.Line()
	}
	if m.remote.forwarding[w.ID] {
		return "a forward of " + w.Name + " is under way"
	}
	return ""
}

// toggleForward forwards the selected workspace's port range, or stops
// the forwardings it has.
func (m *Model) toggleForward() tea.Cmd {
	w, _ := m.list.selectedWorkspace()
	r := m.route.of(w.ID)
	if m.remote.forwarding == nil {
		m.remote.forwarding = map[string]bool{}
	}
	m.remote.forwarding[w.ID] = true
	id, name, link, stat, had := w.ID, w.Name, r.link, r.Status, m.remote.forwarded[w.ID]
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), forwardTimeout)
		defer cancel()
		if len(had) > 0 {
			return forwardedMsg{wsID: id, name: name, err: link.Unforward(ctx, had...)}
		}
		st, err := stat.Status(ctx, id, nil)
		if err != nil {
			return forwardedMsg{wsID: id, name: name, err: err}
		}
		first, last, err := portRange(st.Ports)
		if err != nil {
			return forwardedMsg{wsID: id, name: name, err: err}
		}
		ports := make([]int, 0, last-first+1)
		for p := first; p <= last; p++ {
			ports = append(ports, p)
		}
		fw := client.SamePorts(ports...)
		if err := link.Forward(ctx, fw...); err != nil {
			return forwardedMsg{wsID: id, name: name, err: err}
		}
		return forwardedMsg{wsID: id, name: name, fw: fw}
	}
}

// onForwarded records a forward's end on the workspace's row.
func (m *Model) onForwarded(msg forwardedMsg) tea.Cmd {
	delete(m.remote.forwarding, msg.wsID)
	if msg.err != nil {
		return m.say(modal.LevelError, "forward "+msg.name+": "+msg.err.Error())
	}
	if m.remote.forwarded == nil {
		m.remote.forwarded = map[string][]client.Forwarding{}
	}
	said := "stopped forwarding the ports of " + msg.name
	if len(msg.fw) > 0 {
		m.remote.forwarded[msg.wsID] = msg.fw
		said = "forwarded " + forwardLine(msg.fw) + " of " + msg.name + " to 127.0.0.1"
	} else {
		delete(m.remote.forwarded, msg.wsID)
	}
	m.list.forwarded = m.remote.forwarded
	m.list.rebuild(m.listScene())
	return m.say(modal.LevelInfo, said)
}

// forwardLine is forwardings as a row says them: "ports 6200-6209".
func forwardLine(fw []client.Forwarding) string {
	if len(fw) == 0 {
		return ""
	}
	if len(fw) == 1 {
		return "port " + strconv.Itoa(fw[0].Local)
	}
	return fmt.Sprintf("ports %d-%d", fw[0].Local, fw[len(fw)-1].Local)
}

// forwardDetail is the forwarded range as a workspace row says it:
// "fwd 6200-6209".
func forwardDetail(fw []client.Forwarding) string {
	_, nums, _ := strings.Cut(forwardLine(fw), " ")
	return "fwd " + nums
}

// portRange reads a status's range ("6200-6209"); anything else is the
// reason there is none, as the host said it.
func portRange(s string) (first, last int, err error) {
	a, b, ok := strings.Cut(s, "-")
	first, err1 := strconv.Atoi(a)
	last, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || first <= 0 || last < first || last > 65535 || last-first >= 1000 {
		if s == "" {
			s = "no port range"
		}
		return 0, 0, fmt.Errorf("no ports to forward: %s", s)
	}
	return first, last, nil
}
