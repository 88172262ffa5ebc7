package app

import (
	"strconv"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/status/monitor"
	"amux.dev/amux/tmux"
	"amux.dev/amux/workspace/remote/fleet"
)

// States across hosts (supervise.go): a host's own monitor publishes its
// sessions' @amux_agent_state, and the host pushes it; here those states
// become the monitor's word on those sessions, so the badges, bells,
// attention jump and notifications cover every host as they cover this
// machine.

// remoteStates are the connected hosts' pushed session states by session
// name. A host that is not connected has none: its tabs say it is down
// instead (tabsOwner.hostsChanged), never its last state.
func remoteStates(hosts []fleet.Host) map[string]monitor.SessionState {
	out := map[string]monitor.SessionState{}
	for _, h := range hosts {
		if h.Status != fleet.Connected {
			continue
		}
		for _, s := range h.State.Sessions {
			if !s.Managed || s.State == "" {
				continue
			}
			st := agentstate.State(s.State)
			r := agentstate.Result{State: st, Message: s.Reason, Source: agentstate.SourceReported,
				Detail: "published on " + h.Name}
			if code, err := strconv.Atoi(s.ExitStatus); err == nil && s.ExitStatus != "" {
				r.Exit, r.HasExit = code, true
			}
			// As the host's classifier decided it: blocked, an error and an
			// agent's finished turn want a person.
			r.Attention = st == agentstate.Blocked || st == agentstate.Error || st == agentstate.Done && s.Type == tmux.TypeAgent
			out[s.Name] = monitor.SessionState{Name: s.Name, Workspace: s.Workspace, Tab: s.Tab, Type: s.Type, Result: r}
		}
	}
	return out
}

// withRemote is this machine's monitor result with the hosts' states
// added (a name the monitor reports is its own).
func withRemote(local, remote map[string]monitor.SessionState) map[string]monitor.SessionState {
	out := make(map[string]monitor.SessionState, len(local)+len(remote))
	for k, v := range remote {
		out[k] = v
	}
	for k, v := range local {
		out[k] = v
	}
	return out
}

// hostsPushed takes the hosts' states as they stand now and applies them
// with this machine's last ones, as a monitor result would.
func (o *superviseOwner) hostsPushed(hosts []fleet.Host, sc watchScene) (tea.Cmd, modal.Outcome) {
	local := make(map[string]monitor.SessionState, len(o.states))
	for k, v := range o.states {
		if _, theirs := o.remote[k]; !theirs {
			local[k] = v
		}
	}
	o.remote = remoteStates(hosts)
	return o.applySessions(withRemote(local, o.remote), sc)
}
