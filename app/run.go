package app

import (
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/ui/keys"
)

// openFilter opens the dashboard filter field on its current text.
func (m *Model) openFilter() tea.Cmd {
	in := textinput.New()
	in.Prompt = "/"
	in.SetWidth(m.layout().dashWidth - 4)
	in.SetValue(m.dash.Filter())
	in.CursorEnd()
	m.filter = &in
	return m.filter.Focus()
}

// scrollTerminal moves the focused terminal's history by half a screen.
func (m *Model) scrollTerminal(up bool) tea.Cmd {
	t, live := m.focusedTerminal()
	if !live {
		return nil
	}
	return t.view.ScrollPage(up) // a page less a line, so a line stays in sight
}

// updateFilter feeds the dashboard filter field: typing filters live,
// Enter keeps the filter and returns to the list, Esc clears it.
func (m *Model) updateFilter(k tea.KeyPressMsg) tea.Cmd {
	switch s := k.String(); {
	case m.km.Is(keys.FormCancel, s):
		m.filter = nil
		m.dash.SetFilter("")
		return nil
	case m.km.Is(keys.FormSubmit, s):
		m.filter = nil
		return nil
	case m.km.Is(keys.ListDown, s):
		m.dash.Move(1)
		return nil
	case m.km.Is(keys.ListUp, s):
		m.dash.Move(-1)
		return nil
	}
	in, cmd := m.filter.Update(k)
	m.filter = &in
	m.dash.SetFilter(in.Value())
	return cmd
}

// handleMouse moves focus to what was clicked; the wheel scrolls the list.
func (m *Model) handleMouse(msg tea.MouseMsg) tea.Cmd {
	mouse := msg.Mouse()
	l := m.layout()
	if cmd, ok := m.sideMouse(msg, l); ok {
		return cmd
	}
	if cmd, ok := m.listMouse(msg, l); ok {
		return cmd
	}
	inDash, in := mouse.X < l.dashWidth, l.centerInner(m.width)
	if _, click := msg.(tea.MouseClickMsg); click && !inDash && mouse.Y == in.Min.Y {
		// The tab bar: a click shows that tab.
		if i, ok := m.tabAt(mouse.X - in.Min.X); ok {
			m.focus = focusCenter
			return m.applyOwned(m.tabs.show(m.tabScene(), i))
		}
	}
	if t, live := m.tabs.liveIn(m.selectedWorkspaceID()); live && !inDash && mouse.Y > in.Min.Y && mouse.Y < in.Max.Y {
		_, click := msg.(tea.MouseClickMsg)
		_, wheel := msg.(tea.MouseWheelMsg)
		switch {
		case click && (m.focus != focusCenter || m.entered != t):
			// A click in a program enters it: the click itself only says where.
			focus := m.setFocus(focusCenter)
			return tea.Batch(focus, m.enterProgram())
		case m.focus == focusCenter && m.entered == t, wheel:
			return m.toTerminal(t, msg)
		}
		return nil
	}
	switch msg.(type) {
	case tea.MouseClickMsg:
		if inDash {
			m.dash.ClickRow(mouse.Y - l.listTop)
			return m.setFocus(focusDashboard)
		}
		return m.setFocus(focusCenter)
	case tea.MouseWheelMsg:
		if inDash {
			if mouse.Button == tea.MouseWheelUp {
				m.dash.Move(-1)
			} else if mouse.Button == tea.MouseWheelDown {
				m.dash.Move(1)
			}
		}
	}
	return nil
}
