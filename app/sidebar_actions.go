package app

import (
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/review"
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
	actSideToTabArea keys.ActionID = "sidebar-focus-tabs"
	actSideToList    keys.ActionID = "sidebar-focus-list"
	actSideEnter     keys.ActionID = "sidebar-enter-terminal"
	actSideNextTab   keys.ActionID = "sidebar-next-tab"
	actSidePrevTab   keys.ActionID = "sidebar-prev-tab"
	actSideWider     keys.ActionID = "sidebar-wider"
	actSideNarrower  keys.ActionID = "sidebar-narrower"
	actShowDiff      keys.ActionID = "show-diff"
	actCommit        keys.ActionID = "commit"
	actMerge         keys.ActionID = "merge-into-base"
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
		{Action: k(actFocusSidebar, scopeTabArea, []string{"l", "right"}, "focus sidebar", "Move focus to the sidebar"),
			run: func(m *Model) tea.Cmd { return m.setFocus(focusSidebar) }, why: whyNoSidebarFocus},
		{Action: hint(k(actSideToList, scopeSidebar, []string{"esc", "tab"}, "focus list", "Move focus to the project list")),
			run: func(m *Model) tea.Cmd { return m.setFocus(focusList) }, why: whyNotInSidebar},
		{Action: k(actSideToTabArea, scopeSidebar, []string{"shift+tab"}, "focus tabs", "Move focus to the tab area"),
			run: func(m *Model) tea.Cmd { return m.setFocus(focusTabArea) }, why: whyNotInSidebar},
		{Action: hint(k(actSideEnter, scopeSideTerm, []string{"enter"}, "type in shell", "Give the keys to the sidebar's shell (the palette's first entry comes back)")),
			run: (*Model).enterProgram, why: whyNoProgram},
		{Action: hint(k(actSideNextTab, scopeSidebar, []string{">"}, "next", "Next sidebar tab (Changes, Project, Terminal)")),
			run: func(m *Model) tea.Cmd { return m.applyOwned(m.side.step(1, m.sideEnv())) }, why: whyNotInSidebar},
		{Action: k(actSidePrevTab, scopeSidebar, []string{"<"}, "previous", "Previous sidebar tab"),
			run: func(m *Model) tea.Cmd { return m.applyOwned(m.side.step(-1, m.sideEnv())) }, why: whyNotInSidebar},
		{Action: k(actSideWider, scopeSidebar, []string{"=", "+"}, "wider", "Make the sidebar wider (or drag its left edge)"),
			run: resizeSidebar(resizeStep), why: whyNotInSidebar},
		{Action: k(actSideNarrower, scopeSidebar, []string{"-"}, "narrower", "Make the sidebar narrower"),
			run: resizeSidebar(-resizeStep), why: whyNotInSidebar},
		{Action: k(actShowDiff, scopeWorkspace, []string{"d"}, "diff", "Show the workspace's uncommitted changes in the diff viewer"),
			run: func(m *Model) tea.Cmd { return m.applyOwned(m.review.WorkspaceDiff(m.reviewScene())) }, why: whyNotOpenWorkspace},
		{Action: k(actCommit, scopeWorkspace, []string{"C"}, "commit", "Commit what is staged (message dialog, amend optional)"),
			run: func(m *Model) tea.Cmd { return m.review.OpenCommit(m.list.selectedID()) }, why: whyNotOpenWorkspace},
		{Action: k(actMerge, scopeWorkspace, []string{"M"}, "merge", "Merge the branch into its base in the main checkout (dry run first; rebase offered)"),
			run: func(m *Model) tea.Cmd { return m.applyOwned(m.review.PreviewMerge(m.list.selectedID())) }, why: whyNotOpenWorkspace},
		{Action: k(review.ActAbortLanding, scopeWorkspace, []string{"A"}, "abort merge", "Abort the merge (or rebase) that stopped on conflicts"),
			run: func(m *Model) tea.Cmd { return m.review.AbortLanding(m.list.selectedID()) }, why: whyNoLanding},
		{Action: k(review.ActFinishLanding, scopeWorkspace, []string{"F"}, "finish merge", "Finish the merge or rebase that stopped on conflicts: continue (commit it), skip a commit, or abort"),
			run: func(m *Model) tea.Cmd { return m.review.OpenFinish(m.list.selectedID()) }, why: whyNoLanding},
	}
	return append(rows, componentRows()...)
}

// whyNotInSidebar: the sidebar's own keys act on the sidebar that has
// focus; from the palette elsewhere they would act on nothing in sight.
func whyNotInSidebar(m *Model) string {
	if m.focus != focusSidebar {
		return "the sidebar does not have focus (" + m.keyName(actFocusSidebar) + " from the tab area)"
	}
	return ""
}

// whyNoSidebarFocus: the sidebar takes focus when it can be shown and
// does not have it already.
func whyNoSidebarFocus(m *Model) string {
	if m.focus == focusSidebar {
		return "already there"
	}
	return whyNoSidebar(m)
}

func whyNoSidebar(m *Model) string {
	if m.panes().sideUnzoomedWidth() == 0 { // a zoom ends when the sidebar takes focus
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
	if m.side.knownNoLanding(m.list.selectedID()) {
		return "no merge or rebase of this workspace is stopped"
	}
	return ""
}

// resizeSidebar is the handler that makes the sidebar d columns wider.
func resizeSidebar(d int) func(m *Model) tea.Cmd {
	return func(m *Model) tea.Cmd {
		m.side.resize(m.panes().sideUnzoomedWidth() + d)
		return m.layoutChanged()
	}
}

// What the sidebar's components ask of the other owners goes as requests
// in the sidebar's outcome: the root routes them to the review owner
// (review.OpenFileDiff and the others; an editor to the tabs owner, as
// editorReq). Each names the workspace shown.

// onChangesRequest answers what the Changes list asks for.
func (s *sidebarOwner) onChangesRequest(r changes.RequestMsg) (tea.Cmd, modal.Outcome) {
	switch r.Op {
	case changes.OpOpenDiff:
		return nil, modal.Outcome{}.Then(review.OpenFileDiff{WS: s.ws, File: r.File, Group: r.Group})
	case changes.OpOpenCommit:
		return nil, modal.Outcome{}.Then(review.OpenCommitDiff{WS: s.ws, Commit: r.Commit})
	case changes.OpToggleStage:
		if r.Group == changes.Conflicted {
			// Staged where the conflict is (a merge's: the main
			// checkout), only once its markers are gone.
			return nil, modal.Outcome{}.Then(review.MarkResolved{WS: s.ws, Path: r.File.Path})
		}
		return nil, modal.Outcome{}.Then(review.Stage{WS: s.ws, Path: r.File.Path, Unstage: r.Group == changes.Staged})
	case changes.OpCommit:
		return nil, modal.Outcome{}.Then(review.OpenCommit{})
	case changes.OpRefresh:
		return s.refresh(), modal.Outcome{}
	}
	return nil, modal.Outcome{}
}

// onTreeRequest answers what the Project tree asks for, if it is of the
// workspace shown.
func (s *sidebarOwner) onTreeRequest(r projecttree.RequestMsg) (tea.Cmd, modal.Outcome) {
	if r.Workspace != s.ws {
		return nil, modal.Outcome{}
	}
	switch r.Op {
	case projecttree.OpEditor:
		return nil, modal.Outcome{}.Then(editorReq{WS: r.Workspace, Path: r.Path})
	case projecttree.OpExplain:
		return nil, modal.Outcome{Say: r.Path + " " + r.Why, SayLevel: modal.LevelInfo}
	}
	return nil, modal.Outcome{}.Then(review.OpenFileView{WS: r.Workspace, Path: r.Path})
}
