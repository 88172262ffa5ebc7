package app

import (
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/tmux"
	"amux.dev/amux/ui/dashboard"
	"amux.dev/amux/ui/keys"
)

// available answers whether an action can run now, and why not. The key
// path, the palette and the help all ask it, so a disabled action is
// disabled everywhere with the same reason.
func (m *Model) available(id keys.ActionID) (bool, string) {
	_, onWorkspace := m.dash.SelectedWorkspace()
	_, onProject := m.dash.SelectedProject()
	switch id {
	case actNewWorkspace:
		if !onProject {
			return false, "add a project first"
		}
	case actRestore:
		w, ok := m.dash.SelectedWorkspace()
		if !ok || !w.Shelved {
			return false, "select a shelved workspace"
		}
		if w.Busy {
			return false, "an operation is already running on it"
		}
	case actRunScript:
		w, ok := m.dash.SelectedWorkspace()
		if !ok || w.Shelved {
			return false, "select a workspace that is not shelved"
		}
	case actScriptOutput:
		if !onWorkspace {
			return false, "select a workspace"
		}
	case actStatus:
		if !onWorkspace {
			return false, "select a workspace"
		}
	case actDelete, actShelve:
		w, ok := m.dash.SelectedWorkspace()
		if !ok {
			return false, "select a workspace"
		}
		if w.Busy {
			return false, "an operation is already running on it"
		}
		if id == actShelve && w.Shelved {
			return false, "already shelved"
		}
	case actOpen:
		if !onProject && !onWorkspace {
			return false, "nothing selected"
		}
	case actFocusDash:
		if m.focus == focusDashboard {
			return false, "already there"
		}
	case actFocusCenter:
		if m.focus == focusCenter {
			return false, "already there"
		}
	case actNewAgent, actNewTerminal:
		w, ok := m.dash.SelectedWorkspace()
		if !ok {
			return false, "select a workspace"
		}
		if w.Shelved {
			return false, "the workspace is shelved"
		}
	case actNextTab, actPrevTab:
		if wt := m.tabs[m.selectedWorkspaceID()]; wt == nil || len(wt.tabs) < 2 {
			return false, "fewer than two tabs"
		}
	case actScrollUp, actScrollDown:
		if _, live := m.focusedTerminal(); !live {
			return false, "no live terminal has focus"
		}
	case actCloseTab, actRenameTab, actRestartTab, actInterruptTab:
		t := m.activeTab()
		if t == nil {
			return false, "no tab open"
		}
		if id == actRestartTab && t.kind == tmux.TypeRun {
			return false, "start the run script again instead"
		}
	default:
		if n, ok := gotoTabNumber(id); ok {
			if wt := m.tabs[m.selectedWorkspaceID()]; wt == nil || n > len(wt.tabs) {
				return false, "no such tab"
			}
		}
	}
	return true, ""
}

// run executes an action. Keys and palette choices both land here.
func (m *Model) run(id keys.ActionID) tea.Cmd {
	if ok, _ := m.available(id); !ok {
		return nil
	}
	switch id {
	case actPalette:
		m.openPalette()
	case actHelp:
		m.overlay = &helpOverlay{}
	case actQuit:
		return tea.Quit
	case actDown:
		m.dash.Move(1)
	case actUp:
		m.dash.Move(-1)
	case actTop:
		m.dash.Top()
	case actBottom:
		m.dash.Bottom()
	case actOpen:
		if r, ok := m.dash.Selected(); ok && r.Kind == dashboard.ProjectRow {
			m.dash.Toggle()
		} else {
			return m.setFocus(focusCenter)
		}
	case actFilter:
		in := textinput.New()
		in.Prompt = "/"
		in.SetWidth(m.layout().dashWidth - 4)
		in.SetValue(m.dash.Filter())
		in.CursorEnd()
		m.filter = &in
		return m.filter.Focus()
	case actAddProject:
		return m.openAddProject()
	case actNewWorkspace:
		return m.openCreate()
	case actDelete:
		return m.openTeardown(false)
	case actShelve:
		return m.openTeardown(true)
	case actStatus:
		return m.openStatus()
	case actRestore:
		return m.restoreWorkspace()
	case actRunScript:
		return m.startRunScript()
	case actScriptOutput:
		return m.openScriptOutput()
	case actAttention:
		return m.jumpToAttention()
	case actScrollUp, actScrollDown:
		t, live := m.focusedTerminal()
		if !live {
			return nil
		}
		_, h := m.termSize()
		if id == actScrollUp {
			return t.view.ScrollUp(max(1, h/2))
		}
		t.view.ScrollDown(max(1, h/2))
	case actHooksAdd, actHooksRemove:
		return m.claudeHooks(id == actHooksAdd)
	case actSettings:
		m.openSettings()
	case actRefresh:
		return tea.Batch(m.load(), m.refreshDirty())
	case actFocusCenter:
		return m.setFocus(focusCenter)
	case actFocusDash:
		return m.setFocus(focusDashboard)
	case actNewAgent:
		return m.openAgentPicker()
	case actNewTerminal:
		return m.newTab(tmux.TypeTerminal, "shell", "")
	case actNextTab, actPrevTab:
		wt := m.tabs[m.selectedWorkspaceID()]
		step := 1
		if id == actPrevTab {
			step = len(wt.tabs) - 1
		}
		return m.showTab((wt.active + step) % len(wt.tabs))
	case actCloseTab:
		m.openCloseTab()
	case actRenameTab:
		m.openRenameTab()
	case actRestartTab:
		return m.restartTab()
	case actInterruptTab:
		return m.interruptTab()
	default:
		if n, ok := gotoTabNumber(id); ok {
			return m.showTab(n - 1)
		}
	}
	return nil
}

// gotoTabNumber reads N from a "tab-N" action.
func gotoTabNumber(id keys.ActionID) (int, bool) {
	s := string(id)
	if len(s) == 5 && s[:4] == "tab-" && s[4] >= '1' && s[4] <= '9' {
		return int(s[4] - '0'), true
	}
	return 0, false
}

// showTab makes tab i of the selected workspace the shown one.
func (m *Model) showTab(i int) tea.Cmd {
	wt := m.tabs[m.selectedWorkspaceID()]
	if wt == nil || i < 0 || i >= len(wt.tabs) {
		return nil
	}
	wt.active = i
	return m.syncViews()
}

// updateFilter feeds the dashboard filter field: typing filters live,
// Enter keeps the filter and returns to the list, Esc clears it.
func (m *Model) updateFilter(k tea.KeyPressMsg) tea.Cmd {
	switch k.String() {
	case "esc":
		m.filter = nil
		m.dash.SetFilter("")
		return nil
	case "enter":
		m.filter = nil
		return nil
	case "down", "up":
		if k.String() == "down" {
			m.dash.Move(1)
		} else {
			m.dash.Move(-1)
		}
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
	inDash := mouse.X < l.dashWidth
	if _, click := msg.(tea.MouseClickMsg); click && !inDash && mouse.Y == 1 {
		// The tab bar: a click shows that tab.
		if i, ok := m.tabAt(mouse.X - l.dashWidth - 1); ok {
			m.focus = focusCenter
			return m.showTab(i)
		}
	}
	if t, live := m.liveTerminal(); live && !inDash && mouse.Y >= 2 && mouse.Y < l.bodyHeight-1 {
		if _, click := msg.(tea.MouseClickMsg); click && m.focus != focusCenter {
			return m.setFocus(focusCenter)
		}
		return m.toTerminal(t, msg)
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
