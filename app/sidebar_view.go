package app

import (
	"strings"

	tea "charm.land/bubbletea/v2"
)

// sidebarParts are what the sidebar shows: its tabs (for the top edge), and
// the active tab's component as text, or the live sidebar terminal whose
// cells are drawn instead (draw.go).
func (m *Model) sidebarParts() (title, content string, live *tab) {
	var names []string
	for t := range sideTabCount {
		name := sideTabNames[t]
		if t == m.side.tab {
			name = "[" + name + "]"
		}
		names = append(names, name)
	}
	title = strings.Join(names, " ")
	switch m.side.tab {
	case sideChanges:
		content = m.side.changes.View()
	case sideProject:
		content = m.side.tree.View()
	case sideTerminal:
		if t := m.sideTerm(); t != nil && t.view != nil {
			return title, "", t
		}
		content = m.th.MutedStyle().Render(m.spin.View() + " starting a shell…")
	}
	return title, content, nil
}

// sizeSidebar fits the sidebar's components, and an open diff viewer, to
// the layout; the command colours rows a bigger viewer shows.
func (m *Model) sizeSidebar() tea.Cmd {
	l := m.layout()
	var cmds []tea.Cmd
	if l.sideWidth > 0 {
		m.side.changes.SetSize(l.sideWidth-2, l.bodyHeight-2)
		m.side.tree.SetSize(l.sideWidth-2, l.bodyHeight-2)
		if t := m.sideTerm(); t != nil && t.view != nil {
			t.view.SetOrigin(m.sideTermOrigin())
			cmds = append(cmds, t.view.SetSize(m.sideTermSize()))
		}
	}
	if o, ok := m.overlay.(*diffOverlay); ok {
		cmds = append(cmds, o.resize(m.width, m.height))
	}
	return tea.Batch(cmds...)
}

// sideKey hands a key to the sidebar's active component.
func (m *Model) sideKey(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	switch m.side.tab {
	case sideChanges:
		m.side.changes, cmd = m.side.changes.Update(msg)
	case sideProject:
		m.side.tree, cmd = m.side.tree.Update(msg)
	}
	return cmd
}

// sideTyping reports whether the sidebar's component has its filter open:
// every key is typing then.
func (m *Model) sideTyping() bool {
	switch m.side.tab {
	case sideChanges:
		return m.side.changes.Filtering()
	case sideProject:
		return m.side.tree.Filtering()
	}
	return false
}

// sideMouse handles the mouse over the sidebar: a press on its left edge
// starts a drag that resizes it; the wheel scrolls its list; a click
// focuses it.
func (m *Model) sideMouse(msg tea.MouseMsg, l layout) (tea.Cmd, bool) {
	mouse := msg.Mouse()
	left := m.width - l.sideWidth
	switch msg.(type) {
	case tea.MouseClickMsg:
		if l.sideWidth == 0 || mouse.X < left {
			return nil, false
		}
		if mouse.X == left {
			m.side.dragging = true
			return nil, true
		}
		focus := m.setFocus(focusSidebar)
		if m.side.tab == sideTerminal && m.entered != m.sideTerm() {
			return tea.Batch(focus, m.enterProgram()), true // a click in the shell enters it
		}
		return focus, true
	case tea.MouseMotionMsg:
		if !m.side.dragging {
			return nil, false
		}
		m.side.width = max(sideMinWidth, m.width-mouse.X)
		if m.side.show == sideAuto {
			m.side.show = sideShown
		}
		return m.resizeViews(), true
	case tea.MouseReleaseMsg:
		if !m.side.dragging {
			return nil, false
		}
		m.side.dragging = false
		return m.layoutChanged(), true
	case tea.MouseWheelMsg:
		if l.sideWidth == 0 || mouse.X < left {
			return nil, false
		}
		if t, live := m.focusedSideTerm(); live {
			return m.toTerminal(t, msg), true
		}
		return m.sideKey(msg), true
	}
	return nil, false
}
