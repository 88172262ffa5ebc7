package app

import (
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/ui/changes"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/projecttree"
)

// Scopes of the sidebar, the diff viewer and the commit dialog.
const (
	scopeSidebar keys.Scope = "sidebar" // the sidebar has focus
	scopeChanges keys.Scope = "changes" // its Changes tab (the list's own keys)
	scopeTree    keys.Scope = "tree"    // its Project tab (the tree's own keys)
	// scopeSideTerm: its Terminal tab, the shell not entered yet.
	scopeSideTerm keys.Scope = "sidebar-terminal"
	scopeDiff     keys.Scope = "diff"   // the diff viewer is open
	scopeCommit   keys.Scope = "commit" // the commit dialog is open
)

// Actions of the sidebar and of landing the work.
const (
	actToggleSidebar keys.ActionID = "toggle-sidebar"
	actFocusSidebar  keys.ActionID = "focus-sidebar"
	actSideToCenter  keys.ActionID = "sidebar-focus-tabs"
	actSideToList    keys.ActionID = "sidebar-focus-list"
	actSideEnter     keys.ActionID = "sidebar-enter-terminal"
	actSideNextTab   keys.ActionID = "sidebar-next-tab"
	actSidePrevTab   keys.ActionID = "sidebar-prev-tab"
	actSideWider     keys.ActionID = "sidebar-wider"
	actSideNarrower  keys.ActionID = "sidebar-narrower"
	actShowDiff      keys.ActionID = "show-diff"
	actCommit        keys.ActionID = "commit"
	actMerge         keys.ActionID = "merge-into-base"
	actAbortLanding  keys.ActionID = "abort-merge"
	actFinishLanding keys.ActionID = "finish-merge"
)

// sidebarRows are the sidebar's and landing's rows, then the components'
// own actions (componentRows).
func sidebarRows() []action {
	k := func(id keys.ActionID, scope keys.Scope, ks []string, label, help string) keys.Action {
		return keys.Action{ID: id, Scope: scope, Keys: ks, Label: label, Help: help, Palette: true}
	}
	hint := func(a keys.Action) keys.Action { a.Hint = true; return a }
	rows := []action{
		{Action: k(actToggleSidebar, scopeWorkspace, []string{"b"}, "sidebar", "Show or hide the sidebar (changes and files of the workspace)"),
			run: (*Model).toggleSidebar, why: whyNotOpenWorkspace},
		{Action: k(actFocusSidebar, scopeCenter, []string{"l", "right"}, "focus sidebar", "Move focus to the sidebar"),
			run: func(m *Model) tea.Cmd { return m.focusSidebar() }, why: whyNoSidebar},
		{Action: hint(k(actSideToList, scopeSidebar, []string{"esc", "tab"}, "focus list", "Move focus to the project list")),
			run: func(m *Model) tea.Cmd { return m.setFocus(focusDashboard) }},
		{Action: k(actSideToCenter, scopeSidebar, []string{"shift+tab"}, "focus tabs", "Move focus to the tab area"),
			run: func(m *Model) tea.Cmd { return m.setFocus(focusCenter) }},
		{Action: hint(k(actSideEnter, scopeSideTerm, []string{"enter"}, "type in shell", "Give the keys to the sidebar's shell (the palette's first entry comes back)")),
			run: (*Model).enterProgram, why: whyNoProgram},
		{Action: hint(k(actSideNextTab, scopeSidebar, []string{">"}, "next", "Next sidebar tab (Changes, Project, Terminal)")),
			run: func(m *Model) tea.Cmd { return m.stepSideTab(1) }},
		{Action: k(actSidePrevTab, scopeSidebar, []string{"<"}, "previous", "Previous sidebar tab"),
			run: func(m *Model) tea.Cmd { return m.stepSideTab(-1) }},
		{Action: k(actSideWider, scopeSidebar, []string{"=", "+"}, "wider", "Make the sidebar wider (or drag its left edge)"),
			run: func(m *Model) tea.Cmd { return m.resizeSidebar(resizeStep) }},
		{Action: k(actSideNarrower, scopeSidebar, []string{"-"}, "narrower", "Make the sidebar narrower"),
			run: func(m *Model) tea.Cmd { return m.resizeSidebar(-resizeStep) }},
		{Action: k(actShowDiff, scopeWorkspace, []string{"d"}, "diff", "Show the workspace's uncommitted changes in the diff viewer"),
			run: func(m *Model) tea.Cmd { return m.openWorkspaceDiff() }, why: whyNotOpenWorkspace},
		{Action: k(actCommit, scopeWorkspace, []string{"C"}, "commit", "Commit what is staged (message dialog, amend optional)"),
			run: func(m *Model) tea.Cmd { return m.openCommit() }, why: whyNotOpenWorkspace},
		{Action: k(actMerge, scopeWorkspace, []string{"M"}, "merge", "Merge the branch into its base in the main checkout (dry run first; rebase offered)"),
			run: func(m *Model) tea.Cmd { return m.previewMerge() }, why: whyNotOpenWorkspace},
		{Action: k(actAbortLanding, scopeWorkspace, []string{"A"}, "abort merge", "Abort the merge (or rebase) that stopped on conflicts"),
			run: func(m *Model) tea.Cmd { return m.abortLanding(m.selectedWorkspaceID()) }, why: whyNoLanding},
		{Action: k(actFinishLanding, scopeWorkspace, []string{"F"}, "finish merge", "Finish the merge or rebase that stopped on conflicts: continue (commit it), skip a commit, or abort"),
			run: (*Model).openFinishSelected, why: whyNoLanding},
	}
	return append(rows, componentRows()...)
}

func whyNoSidebar(m *Model) string {
	if m.sideWidth() == 0 {
		return "the sidebar is hidden (" + m.keyName(actToggleSidebar) + " shows it)"
	}
	return ""
}

func whyNoLanding(m *Model) string {
	if why := whyNotOpenWorkspace(m); why != "" {
		return why
	}
	// Known from the last review or landing of the workspace, whether the
	// sidebar shows it or not; unknown (never reviewed since the start),
	// the engine answers.
	if l, known := m.side.landings[m.selectedWorkspaceID()]; known && l.how == "" {
		return "no merge or rebase of this workspace is stopped"
	}
	return ""
}

// toggleSidebar shows or hides the sidebar; the choice holds until the
// next toggle, whatever the screen's width.
func (m *Model) toggleSidebar() tea.Cmd {
	if m.sideWidth() > 0 {
		m.side.show = sideHidden
		if m.focus == focusSidebar {
			m.focus = focusCenter
		}
	} else {
		m.side.show, m.list.zoomed = sideShown, false
	}
	return m.layoutChanged()
}

func (m *Model) focusSidebar() tea.Cmd {
	m.focus = focusSidebar
	return m.syncViews()
}

func (m *Model) stepSideTab(d int) tea.Cmd {
	m.side.tab = (m.side.tab + sideTab(d) + sideTabCount) % sideTabCount
	if m.side.tab == sideTerminal {
		return tea.Batch(m.openSideTerm(), m.syncSideTerm())
	}
	return m.syncSideTerm()
}

func (m *Model) resizeSidebar(d int) tea.Cmd {
	m.side.width = max(sideMinWidth, m.sideWidth()+d)
	m.side.show = sideShown
	return m.layoutChanged()
}

// sideRequest handles what the Changes list and the Project tree ask for.
func (m *Model) sideRequest(msg tea.Msg) tea.Cmd {
	switch r := msg.(type) {
	case changes.RequestMsg:
		switch r.Op {
		case changes.OpOpenDiff:
			return m.openFileDiff(r.File, r.Group)
		case changes.OpOpenCommit:
			return m.openCommitDiff(r.Commit)
		case changes.OpToggleStage:
			if r.Group == changes.Conflicted {
				// Staged where the conflict is (a merge's: the main
				// checkout), only once its markers are gone.
				return m.markResolved(m.side.ws, r.File.Path)
			}
			return m.stageFile(r.File.Path, r.Group == changes.Staged)
		case changes.OpCommit:
			return m.openCommit()
		case changes.OpRefresh:
			return m.refreshReview()
		}
	case projecttree.RequestMsg:
		if r.Workspace != m.side.ws {
			return nil
		}
		switch r.Op {
		case projecttree.OpEditor:
			return m.openEditor(r.Workspace, false, r.Path)
		case projecttree.OpExplain:
			return m.say(levelInfo, noticeLine(r.Path+" "+r.Why))
		}
		return m.openFileView(r.Workspace, r.Path)
	}
	return nil
}
