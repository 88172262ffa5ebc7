package app

import (
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/review"
	"amux.dev/amux/ui/changes"
	"amux.dev/amux/ui/commitmsg"
	"amux.dev/amux/ui/diffview"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/projecttree"
)

// componentRows are the components' own actions as rows of the table, read
// from each component's one declaration (its keys.Table). A row's why asks
// the component where it is shown, so the palette, the help and a key that
// did nothing give the reason the component itself would. The Changes
// list's and the Project tree's rows run the action in the component (a
// key and a palette choice take the same path); the diff viewer's and the
// commit dialog's are matched by their open dialog, which reads their keys.
func componentRows() []action {
	var rows []action
	add := func(acts []keys.Action, why func(m *Model, id keys.ActionID) string, run func(m *Model, id keys.ActionID) tea.Cmd) {
		for _, a := range acts {
			id := a.ID
			r := action{Action: a, why: func(m *Model) string { return why(m, id) }}
			if run != nil {
				r.run = func(m *Model) tea.Cmd { return run(m, id) }
			}
			rows = append(rows, r)
		}
	}
	add(changes.DefaultActions(scopeChanges), func(m *Model, id keys.ActionID) string {
		return whyFirst(whyNoSideTab(m, sideChanges), m.side.changes.Why(id))
	}, func(m *Model, id keys.ActionID) tea.Cmd {
		var cmd tea.Cmd
		m.side.changes, cmd = m.side.changes.Do(id)
		return tea.Batch(focusSideList(m), cmd)
	})
	add(projecttree.DefaultActions(scopeTree), func(m *Model, id keys.ActionID) string {
		return whyFirst(whyNoSideTab(m, sideProject), m.side.tree.Why(id))
	}, func(m *Model, id keys.ActionID) tea.Cmd {
		var cmd tea.Cmd
		m.side.tree, cmd = m.side.tree.Do(id)
		return tea.Batch(focusSideList(m), cmd)
	})
	add(diffview.DefaultActions(scopeDiff), func(m *Model, id keys.ActionID) string {
		return review.DiffWhy(m.overlay, id)
	}, nil)
	add(commitmsg.DefaultActions(scopeCommit), func(m *Model, id keys.ActionID) string {
		return review.CommitWhy(m.overlay, id)
	}, nil)
	return rows
}

// whyNoSideTab says why a sidebar tab's list is not there to act on: the
// sidebar is hidden, or shows another tab.
func whyNoSideTab(m *Model, t sideTab) string {
	if why := whyNoSidebar(m); why != "" {
		return why
	}
	if m.side.tab != t {
		return "the sidebar shows its " + sideTabNames[m.side.tab] + " tab (" + m.keyName(actSideNextTab) + " switches)"
	}
	return ""
}

// focusSideList gives the sidebar the keys when a list's action came from
// the palette (its filter then reads the typing); a key pressed there has
// them already.
func focusSideList(m *Model) tea.Cmd {
	if m.focus == focusSidebar {
		return nil
	}
	return m.setFocus(focusSidebar)
}

// whyFirst is the first of whys that is not empty.
func whyFirst(whys ...string) string {
	for _, w := range whys {
		if w != "" {
			return w
		}
	}
	return ""
}
