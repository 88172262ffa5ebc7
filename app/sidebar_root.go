package app

import (
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/ui/termview"
	"amux.dev/amux/workspace"
)

// The root's side of the sidebar: the sidebar owns its state
// (sidebarOwner); the root owns the layout and the focus, tells the
// sidebar what it needs of them (sideEnv), routes its messages to it and
// applies what it asks for.

// sideWidth is the sidebar's width now, 0 when it is not shown.
func (m *Model) sideWidth() int {
	canShow := m.sideWorkspace() != "" && !m.listPane.zoomed
	return m.side.widthIn(canShow, m.width, m.width-m.listWidth()-centerMinWidth) // the tabs keep room
}

// sideWorkspace is the workspace the sidebar can show: the selected one,
// with a worktree.
func (m *Model) sideWorkspace() string {
	w, ok := m.list.selectedWorkspace()
	if !ok || w.Shelved {
		return ""
	}
	return w.ID
}

// sideTarget is the workspace the sidebar should show now: none while it
// is not shown (then nothing is watched).
func (m *Model) sideTarget() string {
	if m.sideWidth() == 0 {
		return ""
	}
	return m.sideWorkspace()
}

// sideEnv is the screen and config as the sidebar needs them now.
func (m *Model) sideEnv() sideEnv {
	l := m.layout()
	shell, ok := m.deps.Config.Assistants["shell"]
	return sideEnv{width: l.sideWidth, x: m.width - l.sideWidth + 1, y: 1,
		w: max(1, l.sideWidth-2), h: max(1, l.bodyHeight-2),
		focused: m.focus == focusSidebar, shell: shell, hasShell: ok}
}

// applySide runs what the sidebar answered: its command, and its outcome
// through the root's switch.
func (m *Model) applySide(cmd tea.Cmd, out outcome) tea.Cmd {
	return tea.Batch(cmd, m.applyOutcome(nil, out))
}

// toSidebar routes one of the sidebar's messages to it.
func (m *Model) toSidebar(msg tea.Msg) tea.Cmd {
	return m.applySide(m.side.Update(msg, m.sideEnv()))
}

// syncSidebar makes the sidebar follow the selection (sideTarget).
func (m *Model) syncSidebar() tea.Cmd {
	id := m.sideTarget()
	if id == m.side.ws {
		return nil
	}
	rec, _ := m.record(id)
	return m.applySide(m.side.follow(id, rec.Root, m.sideEnv()))
}

// onSideAsk applies what the sidebar asks of the root and of the other
// owners: the focus, a row's dirty mark, the diff viewer, a stage, the
// commit dialog, a conflict marked resolved, the editor.
func (m *Model) onSideAsk(msg tea.Msg) tea.Cmd {
	switch r := msg.(type) {
	case leaveSidebar:
		if m.focus == focusSidebar {
			m.focus = focusCenter
		}
	case dirtyNoted:
		m.list.noteDirty(r.ws, r.dirty, m.listScene())
	case openFileDiffRequest:
		return m.openFileDiff(r.file, r.group)
	case openCommitDiffRequest:
		return m.openCommitDiff(r.commit)
	case stageRequest:
		return m.stageFile(r.path, r.unstage)
	case markResolvedRequest:
		return m.markResolved(r.ws, r.path)
	case openCommitRequest:
		return m.openCommit()
	case openEditorRequest:
		return m.openEditor(r.ws, false, r.path)
	case openFileViewRequest:
		return m.openFileView(r.ws, r.path)
	}
	return nil
}

// toggleSidebar shows or hides the sidebar; the choice holds until the
// next toggle, whatever the screen's width. Hidden, it gives up the focus;
// shown, it ends a zoom.
func (m *Model) toggleSidebar() tea.Cmd {
	shown := m.sideWidth() > 0
	m.side.toggle(shown)
	switch {
	case shown && m.focus == focusSidebar:
		m.focus = focusCenter
	case !shown:
		m.listPane.zoomed = false
	}
	return m.layoutChanged()
}

// sizeSidebar fits the sidebar, and an open diff viewer, to the layout;
// the command colours rows a bigger viewer shows.
func (m *Model) sizeSidebar() tea.Cmd {
	cmd := m.side.setSize(m.sideEnv())
	if o, ok := m.overlay.(*diffOverlay); ok {
		return tea.Batch(cmd, o.resize(m.width, m.height))
	}
	return cmd
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

// noteLanding records what a review of ws says is stopped.
// forwarder: removed after the owners merge
func (m *Model) noteLanding(ws string, r workspace.Review) { m.side.noteLanding(ws, r) }

// refreshReview reads the shown workspace's changes again.
// forwarder: removed after the owners merge
func (m *Model) refreshReview() tea.Cmd { return m.side.refresh() }

// sideTerm is the shown workspace's sidebar terminal, if it has one.
// forwarder: removed after the owners merge
func (m *Model) sideTerm() *tab { return m.side.term() }

// sideTermOrigin and sideTermSize place the sidebar terminal inside the
// sidebar's frame.
// forwarder: removed after the owners merge
func (m *Model) sideTermOrigin() (int, int) { e := m.sideEnv(); return e.x, e.y }

// forwarder: removed after the owners merge
func (m *Model) sideTermSize() (int, int) { e := m.sideEnv(); return e.w, e.h }

// sideTermOf finds the sidebar terminal showing term.
// forwarder: removed after the owners merge
func (m *Model) sideTermOf(term *termview.Terminal) (string, *tab) { return m.side.termOf(term) }

// onSideTermMsg takes a sidebar terminal's frames.
// forwarder: removed after the owners merge
func (m *Model) onSideTermMsg(ws string, t *tab, msg termview.Msg) tea.Cmd {
	return m.applySide(m.side.onTermMsg(ws, t, msg))
}

// syncSideTerm focuses, blurs and wakes the sidebar terminals.
// forwarder: removed after the owners merge
func (m *Model) syncSideTerm() tea.Cmd { return m.side.syncTerm(m.sideEnv()) }

// focusedSideTerm is the sidebar terminal with focus, when it is live.
// forwarder: removed after the owners merge
func (m *Model) focusedSideTerm() (*tab, bool) { return m.side.focusedTerm(m.sideEnv()) }

// sidebarParts are what the sidebar shows (draw.go).
// forwarder: removed after the owners merge
func (m *Model) sidebarParts() (title, content string, live *tab) {
	return m.side.parts(m.th, m.spin.View())
}
