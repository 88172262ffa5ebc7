package app

import (
	tea "charm.land/bubbletea/v2"
)

// scrollPage is the handler that moves a live terminal's history by a
// page (up or down); it takes the focused terminal as focusedTerminal
// gives it.
func scrollPage(up bool) func(t *tab, live bool) tea.Cmd {
	return func(t *tab, live bool) tea.Cmd {
		if !live {
			return nil
		}
		return t.view.ScrollPage(up) // a page less a line, so a line stays in sight
	}
}

// handleMouse moves focus to what was clicked; the wheel scrolls the list.
func (m *Model) handleMouse(msg tea.MouseMsg) tea.Cmd {
	mouse := msg.Mouse()
	l := m.layout()
	if cmd, ok := m.sideMouse(msg, l); ok {
		return cmd
	}
	if d, ok := m.listPane.drag(msg, l); ok {
		switch d {
		case dragMoved:
			return m.resizeViews()
		case dragDropped:
			return m.layoutChanged()
		}
		return nil
	}
	inDash, in := mouse.X < l.dashWidth, l.tabAreaInner(m.width)
	if _, click := msg.(tea.MouseClickMsg); click && !inDash && mouse.Y == in.Min.Y {
		// The tab bar: a click shows that tab.
		// The tab under the click, from the same drawing as the bar.
		bar, _ := m.tabs.bar(m.tabScene(), in.Dx(), m.spin.View())
		if i, ok := bar.At(mouse.X - in.Min.X); ok {
			m.focus = focusTabArea
			return m.applyOwned(m.tabs.show(m.tabScene(), i))
		}
	}
	if t, live := m.tabs.liveIn(m.list.selectedID()); live && !inDash && mouse.Y > in.Min.Y && mouse.Y < in.Max.Y {
		_, click := msg.(tea.MouseClickMsg)
		_, wheel := msg.(tea.MouseWheelMsg)
		switch {
		case click && (m.focus != focusTabArea || m.entered != t):
			// A click in a program enters it: the click itself only says where.
			focus := m.setFocus(focusTabArea)
			return tea.Batch(focus, m.enterProgram())
		case m.focus == focusTabArea && m.entered == t, wheel:
			return m.toTerminal(t, msg)
		}
		return nil
	}
	switch msg.(type) {
	case tea.MouseClickMsg:
		if inDash {
			m.list.click(mouse.Y - l.listTop)
			return m.setFocus(focusList)
		}
		return m.setFocus(focusTabArea)
	case tea.MouseWheelMsg:
		if inDash {
			if mouse.Button == tea.MouseWheelUp {
				m.list.move(-1)
			} else if mouse.Button == tea.MouseWheelDown {
				m.list.move(1)
			}
		}
	}
	return nil
}
