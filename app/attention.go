package app

import (
	"context"
	"sort"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/status/monitor"
	"amux.dev/amux/ui/projectlist"
)

// monitorMsg delivers a monitor result to the supervision owner.
type monitorMsg struct{ res monitor.Result }

// StartBackground starts the monitor and the screen rules' watch; they
// stop (the monitor giving up its lease) when ctx ends. Run calls it; tests
// that want no polling do not.
func (m *Model) StartBackground(ctx context.Context) { m.watch.start(ctx) }

// results applies a monitor result: every tab's agent state, and
// attention raised on the states that want a person (the classifier's
// Attention: a blocked agent, a finished turn, run or long command; never
// a short shell command or a running server): the bell, a desktop
// notification when configured, the notify command. After the first
// result, the start-up health check runs once.
func (o *superviseOwner) results(res monitor.Result, sc watchScene) (tea.Cmd, modal.Outcome) {
	cmd, out := o.applySessions(withRemote(res.Sessions, o.remote), sc)
	if res.Repaired != "" && out.Say == "" {
		// The scan owner reinstalled a dead status tap: say so once.
		out.Say, out.SayLevel = res.Repaired, modal.LevelInfo
	}
	return tea.Batch(cmd, o.wait(), o.startupHealth(sc)), out
}

// applySessions takes every session's state — this machine's monitor's
// and the hosts' pushed ones alike — into the tabs, with the bells,
// notifications and notify commands their changes call for.
func (o *superviseOwner) applySessions(sessions map[string]monitor.SessionState, sc watchScene) (tea.Cmd, modal.Outcome) {
	for name, st := range sessions { // reports enter the model here
		st.Result = shownState(st.Result)
		sessions[name] = st
	}
	o.states = sessions
	now := o.d.now()
	edges, out := sc.tabs.applyStates(sessions, sc.shown, now)
	ring := false
	var cmds, notes []tea.Cmd
	for _, e := range edges {
		cmds = append(cmds, o.notifyCommand(e.wsID, e.t, sc, now))
		if e.attention {
			ring = ring || e.t.state.State == agentstate.Blocked || sc.cfg.UI.BellOnDone
			if n := o.notification(e.wsID, e.t, sc); n != "" {
				notes = append(notes, tea.Raw(n))
			}
		}
	}
	if ring {
		cmds = append(cmds, tea.Raw("\a"))
	}
	return tea.Batch(append(cmds, notes...)...), out.Then(badgesReq{})
}

// stateEdge is a tab whose state a result just changed: news, not a
// first sighting (a restart). attention: the new state wants a person.
type stateEdge struct {
	wsID      string
	t         *tab
	attention bool
}

// applyStates gives every tab its session's state from sessions (display
// copies) and says which changed; a changed state that wants a person
// raises the tab's attention at now, a working, idle or running one
// clears it. The tab shown (nil: none) is acknowledged by being looked
// at. The first-task hand-off follows each tab's state; its words come
// back as the outcome.
func (s tabSet) applyStates(sessions map[string]monitor.SessionState, shown *tab, now time.Time) ([]stateEdge, modal.Outcome) {
	var edges []stateEdge
	var out modal.Outcome
	for wsID, wt := range s {
		for _, t := range wt.tabs {
			st, ok := sessions[t.session]
			if !ok {
				continue
			}
			prev := t.state.State
			t.state = st.Result
			entered := st.State != prev && prev != "" // a first sighting (a restart) is no news
			if entered {
				edges = append(edges, stateEdge{wsID, t, st.Attention})
			}
			switch {
			case entered && st.Attention:
				t.attention, t.attentionSince = true, now
			case st.State == agentstate.Working || st.State == agentstate.Idle || st.State == agentstate.Running:
				t.attention = false
			}
			if note := firstTaskOnState(t, st.Result); note.Say != "" {
				out.Say, out.SayLevel = note.Say, note.SayLevel // one line is shown: the last
			}
		}
	}
	if shown != nil && shown.state.State != agentstate.Blocked {
		// Viewing acknowledges the presentation in this instance, without
		// touching the stored reports.
		shown.attention = false
	}
	return edges, out
}

// badge is the most urgent state among a workspace's tabs.
func (s tabSet) badge(wsID string) (projectlist.Badge, string) {
	wt := s[wsID]
	if wt == nil {
		return projectlist.BadgeNone, ""
	}
	rank := map[projectlist.Badge]int{projectlist.BadgeBlocked: 5, projectlist.BadgeError: 4, projectlist.BadgeWorking: 3, projectlist.BadgeDone: 2}
	best, detail := projectlist.BadgeNone, ""
	for _, t := range wt.tabs {
		b := projectlist.BadgeNone
		switch t.state.State {
		case agentstate.Blocked:
			b = projectlist.BadgeBlocked
		case agentstate.Error:
			b = projectlist.BadgeError
		case agentstate.Working:
			b = projectlist.BadgeWorking
		case agentstate.Done:
			if t.attention {
				b = projectlist.BadgeDone
			}
		}
		if rank[b] > rank[best] {
			best, detail = b, ""
			if b == projectlist.BadgeBlocked {
				detail = "blocked"
				if t.state.Kind != "" {
					detail += ": " + t.state.Kind
				}
			}
		}
	}
	return best, detail
}

// attentionTarget is a tab that needs a person.
type attentionTarget struct {
	wsID  string
	index int
	t     *tab
}

// nextAttention finds the next tab needing attention: blocked first, then
// done, oldest first; it skips the one shown so repeated presses walk the
// list.
func (s tabSet) nextAttention(shown *tab) (attentionTarget, bool) {
	var list []attentionTarget
	for wsID, wt := range s {
		for i, t := range wt.tabs {
			if t.state.State == agentstate.Blocked || (t.attention && t.state.State == agentstate.Done) {
				list = append(list, attentionTarget{wsID, i, t})
			}
		}
	}
	sort.Slice(list, func(i, j int) bool {
		bi, bj := list[i].t.state.State == agentstate.Blocked, list[j].t.state.State == agentstate.Blocked
		if bi != bj {
			return bi
		}
		return list[i].t.attentionSince.Before(list[j].t.attentionSince)
	})
	if len(list) == 0 {
		return attentionTarget{}, false
	}
	for i, a := range list {
		if a.t == shown {
			return list[(i+1)%len(list)], true // walk on from the one shown
		}
	}
	return list[0], true
}

// jump shows the next tab needing attention: it becomes its workspace's
// shown tab (a blocked one keeps its mark until answered), and the root
// shows that workspace's tab area.
func (o *superviseOwner) jump(sc watchScene) modal.Outcome {
	a, ok := sc.tabs.nextAttention(sc.active)
	if !ok {
		return modal.Outcome{Say: "no tab needs attention", SayLevel: modal.LevelInfo}
	}
	sc.tabs.of(a.wsID).active = a.index
	a.t.attention = a.t.state.State == agentstate.Blocked
	return modal.Outcome{}.Then(attentionShowReq{a.wsID})
}
