package app

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/workspace"
)

type restoredMsg struct {
	id, name string
	setupErr error // restored, but setup-workspace did not finish
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
		res, err := eng.Restore(ctx, id, workspace.RestoreOptions{})
		return restoredMsg{id: id, name: name, setupErr: res.SetupErr, err: err}
	}
}

// onRestored applies a restore's outcome.
func (m *Model) onRestored(msg restoredMsg) tea.Cmd {
	delete(m.busy, msg.id)
	// The tree is back, maybe with its uncommitted work: the "*" is
	// recomputed from it once the load lists the workspace as unshelved.
	m.dirtyAfterLoad = true
	if msg.err != nil {
		return tea.Batch(m.load(), m.say(levelError, msg.name+": "+msg.err.Error()))
	}
	if msg.setupErr != nil {
		return tea.Batch(m.load(), m.say(levelWarn, msg.name+": restored, but "+m.setupNote(msg.setupErr)))
	}
	return tea.Batch(m.load(), m.say(levelInfo, "restored workspace "+msg.name))
}
