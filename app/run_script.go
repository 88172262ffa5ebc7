package app

import (
	"context"
	"errors"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/workspace"
)

type runStartedMsg struct {
	wsID, session string
	err           error
}

// startRunScript hosts the selected workspace's run script in a new run
// session; the next load shows it as a tab.
func (m *Model) startRunScript() tea.Cmd {
	id := m.selectedWorkspaceID()
	sess := m.deps.Sessions
	return tea.Batch(m.say(levelInfo, "starting the run script…"), func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), sessionTimeout)
		defer cancel()
		rs, err := sess.StartRun(ctx, id)
		return runStartedMsg{id, rs.Name, err}
	})
}

// onRunStarted reloads so the run session becomes a tab, then shows it.
func (m *Model) onRunStarted(msg runStartedMsg) tea.Cmd {
	if ue, rec, ok := m.untrustedOf(msg.err, workspace.KindRun, msg.wsID); ok {
		return m.askRunApproval(rec, ue) // asked where it would run
	}
	if errors.Is(msg.err, workspace.ErrUntrusted) {
		return m.say(levelError, m.runNote())
	}
	if msg.err != nil {
		return m.say(levelError, "run script: "+msg.err.Error())
	}
	m.pendingTab = "run:" + msg.session
	return tea.Batch(m.load(), m.say(levelInfo, "run script started in "+msg.session))
}

// showPendingTab makes a tab that a load just discovered the shown one.
func (m *Model) showPendingTab() tea.Cmd {
	if m.pendingTab == "" {
		return nil
	}
	for wsID, wt := range m.tabs {
		if i := wt.indexOf(m.pendingTab); i >= 0 {
			m.pendingTab = ""
			wt.active = i
			m.dash.SelectWorkspace(wsID)
			// Saved in its place, so a restart keeps the order.
			said := m.enterNew(wt.current())
			return tea.Batch(m.setFocus(focusCenter), m.persistTabs(wsID), m.say(levelInfo, said))
		}
	}
	return nil
}
