package app

import (
	tea "charm.land/bubbletea/v2"
)

// reloadReq is the one request every owner makes when its work changed
// what the root shows: a created or torn-down workspace, a commit, a
// landing, a resumed tab, a run's session. list loads the workspace list
// (sessions made meanwhile show as tabs); changes reads the sidebar's
// review of the workspace it shows again. With the list: selectAfter is a
// workspace (or, as "p:<path>", a project) to select once the load shows
// it; dirty asks the load to recompute which trees hold uncommitted work
// (a teardown or a restore changed one); projects also checks every
// project's place (a project was added).
type reloadReq struct {
	list, changes bool
	selectAfter   string
	dirty         bool
	projects      bool
}

// onReload reads again what q asks for.
func (m *Model) onReload(q reloadReq) tea.Cmd {
	var cmds []tea.Cmd
	if q.selectAfter != "" {
		m.list.pendingSelect = q.selectAfter
	}
	if q.dirty {
		m.list.dirtyAfterLoad = true
	}
	if q.list {
		cmds = append(cmds, m.list.load())
	}
	if q.projects {
		// checkProjects says which listed worktrees were not imported, and why.
		cmds = append(cmds, m.list.checkProjects())
	}
	if q.changes {
		cmds = append(cmds, m.side.refresh())
	}
	return tea.Batch(cmds...)
}
