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
	return []action{{Action: a, why: whyNotForwardable, run: func(m *Model) tea.Cmd {
		w, _ := m.list.selectedWorkspace()
		return m.remote.toggleForward(w.ID, w.Name)
	}}}
}

// whyNotForwardable says why the selected row's ports cannot be forwarded.
func whyNotForwardable(m *Model) string {
	w, ok := m.list.selectedWorkspace()
	if !ok {
		return "select a workspace"
	}
	return m.remote.whyNotForward(w.ID, w.Name)
}

// whyNotForward says why workspace id's ports cannot be forwarded now.
func (o *remoteOwner) whyNotForward(id, name string) string {
	r := o.route.of(id)
	if r.link == nil {
		return "a workspace on this machine: its ports are here already"
	}
	if h, ok := o.fleet.Host(r.host); ok && h.Status != fleet.Connected {
		return r.host + " is " + h.Line()
	}
	if o.forwarding[id] {
		return "a forward of " + name + " is under way"
	}
	return ""
}

// toggleForward forwards workspace id's port range (read from its host's
// status), or stops the forwardings it has.
func (o *remoteOwner) toggleForward(id, name string) tea.Cmd {
	r := o.route.of(id)
	o.forwarding[id] = true
	link, stat, had := r.link, r.Status, o.forwarded[id]
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

// forwardDone records a forward's end (the root draws the rows again).
func (o *remoteOwner) forwardDone(msg forwardedMsg) modal.Outcome {
	delete(o.forwarding, msg.wsID)
	if msg.err != nil {
		return modal.Outcome{Say: "forward " + msg.name + ": " + msg.err.Error(), SayLevel: modal.LevelError}
	}
	said := "stopped forwarding the ports of " + msg.name
	if len(msg.fw) > 0 {
		o.forwarded[msg.wsID] = msg.fw
		said = "forwarded " + forwardLine(msg.fw) + " of " + msg.name + " to 127.0.0.1"
	} else {
		delete(o.forwarded, msg.wsID)
	}
	return modal.Outcome{Say: said, SayLevel: modal.LevelInfo}
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
