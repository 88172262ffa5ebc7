package app

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/ui/dashboard"
	"amux.dev/amux/workspace"
)

// The workbench opens the way it was left: the cursor on the same project
// or workspace, each workspace showing the same tab, the same projects
// folded (workspace.ViewState in ui-state.json). Tab order is kept in each
// record (persistTabs); this is the rest.

// viewStateMsg carries the saved layout, read at start.
type viewStateMsg struct {
	v   workspace.ViewState
	err error
}

// readViewState reads the saved layout off the update loop.
func (m *Model) readViewState() tea.Cmd {
	views := m.deps.Views
	if views == nil {
		return nil
	}
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		v, err := views.ViewState(ctx)
		return viewStateMsg{v, err}
	}
}

// onViewState keeps the saved layout until the first load can apply it.
func (m *Model) onViewState(msg viewStateMsg) tea.Cmd {
	m.savedView = &msg.v
	m.takeLayout(msg.v)
	resize := m.resizeViews()
	if m.loaded {
		m.applySavedView()
	}
	if msg.err != nil {
		return tea.Batch(resize, m.say(levelWarn, msg.err.Error()))
	}
	return resize
}

// applySavedView puts the saved layout on the loaded dashboard, once.
func (m *Model) applySavedView() {
	v := m.savedView
	if v == nil || m.viewApplied {
		return
	}
	m.viewApplied = true
	m.dash.SetCollapsed(v.Collapsed)
	switch {
	case v.SelectedWorkspace != "":
		m.dash.SelectWorkspace(v.SelectedWorkspace)
	case v.SelectedProject != "":
		m.dash.SelectProject(v.SelectedProject)
	}
	for wsID, tabID := range v.ActiveTabs {
		if wt := m.tabs.of(wsID); wt != nil {
			if i := wt.indexOf(tabID); i >= 0 {
				wt.active = i
			}
		}
	}
}

// currentView is the layout now, to save.
func (m *Model) currentView() workspace.ViewState {
	v := workspace.ViewState{Collapsed: m.dash.Collapsed(), ActiveTabs: map[string]string{}}
	m.putLayout(&v)
	if r, ok := m.dash.Selected(); ok {
		if w, ok := m.dash.SelectedWorkspace(); ok && r.Kind == dashboard.WorkspaceRow {
			v.SelectedWorkspace = w.ID
		} else if p, ok := m.dash.SelectedProject(); ok {
			v.SelectedProject = p.Path
		}
	}
	for wsID, wt := range m.tabs.tabSet {
		if t := wt.current(); t != nil {
			v.ActiveTabs[wsID] = t.id
		}
	}
	return v
}

// saveViewState writes the layout when it changed since the last save.
func (m *Model) saveViewState() tea.Cmd {
	views := m.deps.Views
	if views == nil || !m.viewApplied {
		return nil // not before the saved one was applied: it would be lost
	}
	v := m.currentView()
	if m.lastSavedView != nil && sameView(*m.lastSavedView, v) {
		return nil
	}
	m.lastSavedView = &v
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = views.SaveViewState(ctx, v) // best effort: a layout, not data
		return nil
	}
}

func sameView(a, b workspace.ViewState) bool {
	if !sameLayout(a, b) {
		return false
	}
	if a.SelectedWorkspace != b.SelectedWorkspace || a.SelectedProject != b.SelectedProject ||
		len(a.ActiveTabs) != len(b.ActiveTabs) || len(a.Collapsed) != len(b.Collapsed) {
		return false
	}
	for k, v := range a.ActiveTabs {
		if b.ActiveTabs[k] != v {
			return false
		}
	}
	for i := range a.Collapsed {
		if a.Collapsed[i] != b.Collapsed[i] {
			return false
		}
	}
	return true
}

// quit saves the layout, then ends the program.
func (m *Model) quit() tea.Cmd {
	if save := m.saveViewState(); save != nil {
		return tea.Sequence(save, tea.Quit)
	}
	return tea.Quit
}
