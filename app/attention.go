package app

import (
	"context"
	"sort"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/status/monitor"
	"amux.dev/amux/ui/dashboard"
)

// monitorMsg delivers a monitor result to the model.
type monitorMsg struct{ res monitor.Result }

// waitMonitor returns the command that waits for the next monitor result.
func (m *Model) waitMonitor() tea.Cmd {
	if m.mon == nil {
		return nil
	}
	ch := m.mon.Results()
	return func() tea.Msg { return monitorMsg{<-ch} }
}

// StartBackground starts the monitor and the screen rules' watch; they
// stop (the monitor giving up its lease) when ctx ends. Run calls it; tests
// that want no polling do not.
func (m *Model) StartBackground(ctx context.Context) {
	if m.mon != nil {
		go m.mon.Run(ctx)
	}
	if m.deps.Rules != nil {
		go func() { _ = m.deps.Rules.Watch(ctx, nil) }() // without a watch, the rules loaded at start stay
	}
}

// applyMonitor updates every tab's agent state and raises attention on the
// states that want a person (the classifier's Attention: a blocked agent, a
// finished turn, run or long command; never a short shell command or a
// running server): the bell, and a desktop notification when configured.
func (m *Model) applyMonitor(res monitor.Result) tea.Cmd {
	for name, st := range res.Sessions { // reports enter the model here
		st.Result = shownState(st.Result)
		res.Sessions[name] = st
	}
	// Kept for tabs that appear later: results only report news.
	m.states = res.Sessions
	ring := false
	var notes []string
	var cmds []tea.Cmd
	now := m.now()
	for wsID, wt := range m.tabs.tabSet {
		for _, t := range wt.tabs {
			st, ok := res.Sessions[t.session]
			if !ok {
				continue
			}
			prev := t.state.State
			t.state = st.Result
			entered := st.State != prev && prev != "" // a first sighting (a restart) is no news
			if entered {
				cmds = append(cmds, m.notifyCommand(wsID, t, now))
			}
			switch {
			case entered && st.Attention:
				t.attention, t.attentionSince = true, now
				ring = ring || st.State == agentstate.Blocked || m.deps.Config.UI.BellOnDone
				notes = append(notes, m.notification(wsID, t))
			case st.State == agentstate.Working || st.State == agentstate.Idle || st.State == agentstate.Running:
				t.attention = false
			}
			cmds = append(cmds, m.applyOutcome(nil, firstTaskOnState(t, st.Result)))
		}
	}
	m.ackShown()
	m.rebuildDashboard()
	cmds = append(cmds, m.waitMonitor(), m.startupHealth())
	if ring {
		cmds = append(cmds, tea.Raw("\a"))
	}
	for _, n := range notes {
		if n != "" {
			cmds = append(cmds, tea.Raw(n))
		}
	}
	return tea.Batch(cmds...)
}

// ackShown clears the attention of the tab a person is looking at: viewing
// acknowledges the presentation in this instance, without touching the
// stored reports.
func (m *Model) ackShown() {
	if t := m.activeTab(); t != nil && m.focus == focusCenter && m.overlay == nil {
		if t.state.State != agentstate.Blocked {
			t.attention = false
		}
	}
}

// badge is the most urgent state among a workspace's tabs.
func (s tabSet) badge(wsID string) (dashboard.Badge, string) {
	wt := s[wsID]
	if wt == nil {
		return dashboard.BadgeNone, ""
	}
	rank := map[dashboard.Badge]int{dashboard.BadgeBlocked: 5, dashboard.BadgeError: 4, dashboard.BadgeWorking: 3, dashboard.BadgeDone: 2}
	best, detail := dashboard.BadgeNone, ""
	for _, t := range wt.tabs {
		b := dashboard.BadgeNone
		switch t.state.State {
		case agentstate.Blocked:
			b = dashboard.BadgeBlocked
		case agentstate.Error:
			b = dashboard.BadgeError
		case agentstate.Working:
			b = dashboard.BadgeWorking
		case agentstate.Done:
			if t.attention {
				b = dashboard.BadgeDone
			}
		}
		if rank[b] > rank[best] {
			best, detail = b, ""
			if b == dashboard.BadgeBlocked {
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

// jumpToAttention shows the next tab needing attention.
func (m *Model) jumpToAttention() tea.Cmd {
	a, ok := m.tabs.nextAttention(m.activeTab())
	if !ok {
		return m.say(levelInfo, "no tab needs attention")
	}
	m.list.reveal(a.wsID)
	m.tabs.of(a.wsID).active = a.index
	a.t.attention = a.t.state.State == agentstate.Blocked
	return m.setFocus(focusCenter)
}

// knownState is the last known state of a session, for a tab that has
// just appeared (the monitor reports only changes).
func (m *Model) knownState(session string) agentstate.Result {
	return m.states[session].Result
}
