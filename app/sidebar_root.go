package app

import (
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/review"
	"amux.dev/amux/ui/keys"
)

// The root's side of the sidebar: the sidebar owns its state
// (sidebarOwner); the root owns the layout and the focus, tells the
// sidebar what it needs of them (sideEnv), routes its messages to it and
// applies what it asks for.

// sideEnv is the screen and config as the sidebar needs them now.
func (m *Model) sideEnv() sideEnv {
	l := m.layout()
	shell, ok := m.deps.Config.Assistants["shell"]
	return sideEnv{width: l.sideWidth, x: m.width - l.sideWidth + 1, y: 1,
		w: max(1, l.sideWidth-2), h: max(1, l.bodyHeight-2),
		focused: m.focus == focusSidebar, shell: shell, hasShell: ok}
}

// syncSidebar makes the sidebar follow the selection (sideTarget).
func (m *Model) syncSidebar() tea.Cmd {
	id := m.panes().sideTarget()
	if id == m.side.ws {
		return nil
	}
	rec, _ := m.list.record(id)
	return m.applyOwned(m.side.follow(id, rec.Root, m.sideEnv()))
}

// onSideAsk applies what the sidebar asks of the root: the focus, and a
// row's dirty mark in the list. (What it asks of the review and tabs
// owners goes to them through the switch.)
func (m *Model) onSideAsk(msg tea.Msg) tea.Cmd {
	switch r := msg.(type) {
	case leaveSidebar:
		if m.focus == focusSidebar {
			m.focus = focusTabArea
		}
	case enterSidebar:
		m.focus = focusSidebar
	case dirtyNoted:
		m.list.noteDirty(r.ws, r.dirty, m.listScene())
	}
	return nil
}

// toggleSidebar shows or hides the sidebar; the choice holds until the
// next toggle, whatever the screen's width. Hidden, it gives up the focus;
// shown, it ends a zoom.
func (m *Model) toggleSidebar() tea.Cmd {
	shown := m.panes().sideWidth() > 0
	m.side.toggle(shown)
	switch {
	case shown && m.focus == focusSidebar:
		m.focus = focusTabArea
	case !shown:
		m.listPane.zoomed = false
	}
	return m.layoutChanged()
}

// sideMouse handles the mouse over the sidebar: a press on its left edge
// starts a drag that resizes it; the wheel scrolls its list; a click
// focuses it (and enters its shell).
func (m *Model) sideMouse(msg tea.MouseMsg, l layout) (tea.Cmd, bool) {
	mouse := msg.Mouse()
	left := m.width - l.sideWidth
	over := l.sideWidth > 0 && mouse.X >= left
	switch msg.(type) {
	case tea.MouseClickMsg:
		if !over {
			return nil, false
		}
		if mouse.X == left {
			m.side.grab()
			return nil, true
		}
		focus := m.setFocus(focusSidebar)
		if m.side.tab == sideTerminal && m.entered != m.side.term() {
			return tea.Batch(focus, m.enterProgram()), true // a click in the shell enters it
		}
		return focus, true
	case tea.MouseMotionMsg:
		if !m.side.dragTo(m.width - mouse.X) {
			return nil, false
		}
		return m.resizeViews(), true
	case tea.MouseReleaseMsg:
		if !m.side.drop() {
			return nil, false
		}
		return m.layoutChanged(), true
	case tea.MouseWheelMsg:
		if !over {
			return nil, false
		}
		if t, live := m.side.focusedTerm(m.sideEnv()); live {
			return m.toTerminal(t, msg), true
		}
		return m.side.key(msg), true
	}
	return nil, false
}

// origin is the sidebar terminal's top-left cell on the screen, inside
// the sidebar's frame.
func (e sideEnv) origin() (int, int) { return e.x, e.y }

// size is the sidebar terminal's size, inside the sidebar's frame.
func (e sideEnv) size() (int, int) { return e.w, e.h }

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
