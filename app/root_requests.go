package app

import (
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/scene"
)

// onReload reads again what q asks for (scene.Reload: the one request
// every owner makes when its work changed what the root shows).
func (m *Model) onReload(q scene.Reload) tea.Cmd {
	var cmds []tea.Cmd
	if q.SelectAfter != "" {
		m.list.pendingSelect = q.SelectAfter
	}
	if q.Dirty {
		m.list.dirtyAfterLoad = true
	}
	if q.List {
		cmds = append(cmds, m.list.load())
	}
	if q.Projects {
		// checkProjects says which listed worktrees were not imported, and why.
		cmds = append(cmds, m.list.checkProjects())
	}
	if q.Changes {
		cmds = append(cmds, m.side.refresh())
	}
	return tea.Batch(cmds...)
}
