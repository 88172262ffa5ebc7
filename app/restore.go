package app

import (
	"context"

	tea "charm.land/bubbletea/v2"
)

type restoredMsg struct {
	id, name string
	err      error
}

// restoreWorkspace brings the selected shelved workspace back, off the
// update loop, showing it as busy meanwhile.
func (m *Model) restoreWorkspace() tea.Cmd {
	w, ok := m.dash.SelectedWorkspace()
	if !ok {
		return nil
	}
	m.busy[w.ID] = "restoring…"
	m.rebuildDashboard()
	id, name, eng := w.ID, w.Name, m.deps.Engine
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), createTimeout)
		defer cancel()
		return restoredMsg{id, name, eng.Restore(ctx, id)}
	}
}

// handleRestored applies a restore's outcome.
func (m *Model) handleRestored(msg restoredMsg) tea.Cmd {
	delete(m.busy, msg.id)
	// The tree is back, maybe with its uncommitted work: the "*" is
	// recomputed from it once the load lists the workspace as unshelved.
	m.dirtyAfterLoad = true
	if msg.err != nil {
		return tea.Batch(m.load(), m.say(levelError, msg.name+": "+msg.err.Error()))
	}
	return tea.Batch(m.load(), m.say(levelInfo, "restored workspace "+msg.name))
}
