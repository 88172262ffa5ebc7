package app

import (
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/safetext"
	"amux.dev/amux/ui/termview"
)

// focusedTerminal is the live terminal that has the keys, if any: the
// focused pane's program, entered by an explicit key (enterProgram). A
// pane with focus but not entered reads amux's keys: a digit meant for
// "tab 3" must never answer an agent's question.
func (m *Model) focusedTerminal() (*tab, bool) {
	t, live := m.paneTerminal()
	return t, live && t == m.entered
}

// paneTerminal is the live terminal in the focused pane, entered or not.
func (m *Model) paneTerminal() (*tab, bool) {
	switch m.focus {
	case focusSidebar:
		return m.side.focusedTerm(m.sideEnv())
	case focusTabArea:
		return m.tabs.liveIn(m.list.selectedID())
	}
	return nil, false
}

// enterProgram gives the keys to the focused pane's terminal: the one
// way, with a click in it, that focus goes into a program.
func (m *Model) enterProgram() tea.Cmd {
	m.entered = m.paneTab()
	return m.syncViews()
}

// enterNew gives a tab that an explicit key just made (t, T, F5, an
// editor) the keys, and returns the notice that says so and how to leave:
// a live program takes the list's keys, so the way out is the palette.
// Under a dialog opened meanwhile the tab is only shown.
func (m *Model) enterNew(t *tab) string {
	m.focus = focusTabArea
	if m.overlay != nil {
		return "started " + safetext.Line(t.label())
	}
	m.entered = t
	return "started " + safetext.Line(t.label()) + ": keys go to it now (" +
		m.keyName(actPalette) + " " + m.km.First(keys.ListChoose) + " leaves it)"
}

// whyNoProgram is why enter-program cannot run: no program in the pane, or
// it has exited (its keys belong to the tab commands then).
func whyNoProgram(m *Model) string {
	switch t := m.paneTab(); {
	case t == nil:
		return "no program here"
	case programExited(t):
		return "its program has exited"
	case t == m.entered:
		return "already there"
	}
	return ""
}

// paneTab is the tab whose program the focused pane shows: the tab area's
// shown tab, or the sidebar's shell on its Terminal tab.
func (m *Model) paneTab() *tab {
	switch {
	case m.focus == focusTabArea:
		return m.activeTab()
	case m.focus == focusSidebar && m.side.tab == sideTerminal:
		return m.side.term()
	}
	return nil
}

// programExited reports whether t's program is gone (a closed view, or a
// pane kept after its program exited).
func programExited(t *tab) bool {
	return (t.view != nil && t.view.Closed()) || t.state.State == agentstate.Stopped
}

// settleFocus takes the keys back from an entered program that is no
// longer where the keys go: another tab shown (a close, a load, a
// restore), focus on another pane, its program exited, or a dialog open
// (closing it must not hand the program keys). Run after every message,
// so no path can move the keys into a program on its own.
func (m *Model) settleFocus() {
	t := m.entered
	if t == nil {
		return
	}
	if m.overlay != nil || m.list.typing() || t != m.paneTab() || programExited(t) {
		m.entered = nil
		// The footer and the frames say where keys go: redraw them, even
		// after a message that alone changes no chrome.
		m.inputOnly = false
		m.chromeGen++
	}
}

// toTerminal hands a key, paste or mouse event to a terminal view.
func (m *Model) toTerminal(t *tab, msg tea.Msg) tea.Cmd {
	t.lastUsed = m.now()
	_, isKey := msg.(tea.KeyPressMsg)
	_, isPaste := msg.(tea.PasteMsg)
	// Typing changes nothing amux draws: the echo comes back as a frame.
	// (A scrolled-back view returns to live on input: that is a change.)
	m.inputOnly = (isKey || isPaste) && t.view.Scrolled() == 0
	if isKey || isPaste {
		m.watch.noteInput(t.session, t.lastUsed)
	}
	v, cmd := t.view.Update(msg)
	t.view = &v
	return cmd
}

// outerFocus passes the terminal window gaining or losing focus on to the
// program of the focused pane's terminal (the one its view told focus in,
// entered or not), if it asked for focus events. Nothing amux draws
// changes.
func (m *Model) outerFocus(focused bool) {
	m.inputOnly = true
	t, live := m.paneTerminal()
	if !live || !t.view.Terminal().Modes().Has(termview.ModeFocusEvents) {
		return
	}
	seq := "\x1b[O"
	if focused {
		seq = "\x1b[I"
	}
	_, _ = t.view.Terminal().Write([]byte(seq))
}

// setFocus moves focus, telling terminal views so their cursor and frame
// rate follow, and attaching the shown tab when the tab area gains focus.
// A pane that is not shown (a hidden list, panes behind a zoom) is shown.
func (m *Model) setFocus(f focusArea) tea.Cmd {
	m.focus = f
	if m.listPane.unhideFor(f) {
		return tea.Batch(m.syncViews(), m.layoutChanged())
	}
	return m.syncViews()
}

// syncViews focuses the shown tab's view (when the tab area has focus) and
// blurs every other, then attaches the shown tab if it has no PTY.
func (m *Model) syncViews() tea.Cmd {
	shown := m.activeTab()
	var cmds []tea.Cmd
	for _, wt := range m.tabs.tabSet {
		for _, t := range wt.tabs {
			if t.view == nil {
				continue
			}
			if t == shown && m.focus == focusTabArea {
				t.view.Focus()
			} else {
				t.view.Blur()
			}
			t.view.SetVisible(t == shown)
			if t == shown && t.parked {
				t.parked = false
				cmds = append(cmds, t.view.Init()) // wait for frames again
			}
		}
	}
	if m.focus == focusTabArea {
		cmds = append(cmds, m.tabs.ensureAttached(m.tabScene()))
	}
	cmds = append(cmds, m.side.syncTerm(m.sideEnv()))
	return tea.Batch(cmds...)
}
