package app

import (
	tea "charm.land/bubbletea/v2"
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
