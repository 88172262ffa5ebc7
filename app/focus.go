package app

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/ui/termview"
)

// focusedTerminal is the live terminal that has focus, if any.
func (m *Model) focusedTerminal() (*tab, bool) {
	if m.focus == focusSidebar {
		return m.focusedSideTerm()
	}
	if m.focus != focusCenter {
		return nil, false
	}
	return m.liveTerminal()
}

// toTerminal hands a key, paste or mouse event to a terminal view.
func (m *Model) toTerminal(t *tab, msg tea.Msg) tea.Cmd {
	t.lastUsed = time.Now()
	_, isKey := msg.(tea.KeyPressMsg)
	_, isPaste := msg.(tea.PasteMsg)
	// Typing changes nothing amux draws: the echo comes back as a frame.
	// (A scrolled-back view returns to live on input: that is a change.)
	m.inputOnly = (isKey || isPaste) && t.view.Scrolled() == 0
	if m.mon != nil && (isKey || isPaste) {
		m.mon.NoteInput(t.session, t.lastUsed)
	}
	v, cmd := t.view.Update(msg)
	t.view = &v
	return cmd
}

// outerFocus passes the terminal window gaining or losing focus on to the
// focused terminal's program, if it asked for focus events. Nothing amux
// draws changes.
func (m *Model) outerFocus(focused bool) {
	m.inputOnly = true
	t, live := m.focusedTerminal()
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
// rate follow, and attaching the shown tab when the center gains focus.
// A pane that is not shown (a hidden list, panes behind a zoom) is shown.
func (m *Model) setFocus(f focusArea) tea.Cmd {
	m.focus = f
	if m.unhideFor(f) {
		return tea.Batch(m.syncViews(), m.layoutChanged())
	}
	return m.syncViews()
}

// syncViews focuses the shown tab's view (when the center has focus) and
// blurs every other, then attaches the shown tab if it has no PTY.
func (m *Model) syncViews() tea.Cmd {
	shown := m.activeTab()
	var cmds []tea.Cmd
	for _, wt := range m.tabs {
		for _, t := range wt.tabs {
			if t.view == nil {
				continue
			}
			if t == shown && m.focus == focusCenter {
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
	if m.focus == focusCenter {
		cmds = append(cmds, m.ensureAttached())
	}
	cmds = append(cmds, m.syncSideTerm())
	return tea.Batch(cmds...)
}
