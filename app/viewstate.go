package app

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/ui/projectlist"
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
func (l *listOwner) readViewState() tea.Cmd {
	views := l.d.views
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

// onViewState keeps the saved layout until the first load can apply it
// (the panes' sizes in it are the root's: it took them already).
func (l *listOwner) onViewState(msg viewStateMsg) (tea.Cmd, modal.Outcome) {
	l.savedView = &msg.v
	var out modal.Outcome
	if l.loaded {
		out = l.applySavedView()
	}
	if msg.err != nil {
		out.Say, out.SayLevel = msg.err.Error(), modal.LevelWarn
	}
	return nil, out
}

// applySavedView puts the saved layout on the loaded list, once; each
// workspace's saved tab is the tabs owner's to show (savedTabsReq).
func (l *listOwner) applySavedView() modal.Outcome {
	v := l.savedView
	if v == nil || l.viewApplied {
		return modal.Outcome{}
	}
	l.viewApplied = true
	l.rows.SetCollapsed(v.Collapsed)
	switch {
	case v.SelectedWorkspace != "":
		l.rows.SelectWorkspace(v.SelectedWorkspace)
	case v.SelectedProject != "":
		l.rows.SelectProject(v.SelectedProject)
	}
	if len(v.ActiveTabs) == 0 {
		return modal.Outcome{}
	}
	return modal.Outcome{}.Then(savedTabsReq{v.ActiveTabs})
}

// view is the layout now, to save: the root's part (the panes' sizes, each
// workspace's shown tab) with the list's folds and selection.
func (l *listOwner) view(v workspace.ViewState) workspace.ViewState {
	v.Collapsed = l.rows.Collapsed()
	v.SelectedWorkspace, v.SelectedProject = "", ""
	if r, ok := l.rows.Selected(); ok {
		if w, ok := l.rows.SelectedWorkspace(); ok && r.Kind == projectlist.WorkspaceRow {
			v.SelectedWorkspace = w.ID
		} else if p, ok := l.rows.SelectedProject(); ok {
			v.SelectedProject = p.Path
		}
	}
	return v
}

// save writes the layout (the root's part given) when it changed since
// the last save.
func (l *listOwner) save(root workspace.ViewState) tea.Cmd {
	views := l.d.views
	if views == nil || !l.viewApplied {
		return nil // not before the saved one was applied: it would be lost
	}
	v := l.view(root)
	if l.lastSavedView != nil && sameView(*l.lastSavedView, v) {
		return nil
	}
	l.lastSavedView = &v
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
