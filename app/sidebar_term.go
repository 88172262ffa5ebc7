package app

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/tmux"
	"amux.dev/amux/ui/termview"
	"amux.dev/amux/workspace"
)

// sideTermTab is the tab part of a workspace's sidebar terminal session
// (amux-<workspace>-sidebar): one shell per workspace, tagged like every
// hosted session (@amux_type=terminal), shown in the sidebar and never in
// the tab bar.
const sideTermTab = "sidebar"

type sideTermMsg struct {
	ws, session string
	created     int64
	term        *termview.Terminal
	err         error
}

// sideTerm is the shown workspace's sidebar terminal, if it has one.
func (m *Model) sideTerm() *tab {
	if m.side.terms == nil {
		return nil
	}
	return m.side.terms[m.side.ws]
}

// sideTermOrigin and sideTermSize place the sidebar terminal inside the
// sidebar's frame.
func (m *Model) sideTermOrigin() (int, int) {
	return m.width - m.layout().sideWidth + 1, 1
}

func (m *Model) sideTermSize() (int, int) {
	l := m.layout()
	return max(1, l.sideWidth-2), max(1, l.bodyHeight-2)
}

// openSideTerm attaches the shown workspace's sidebar terminal, creating
// its session through the engine (the one way amux creates sessions) when
// there is none yet. A session left by an earlier amux is attached again.
func (m *Model) openSideTerm() tea.Cmd {
	ws := m.side.ws
	if ws == "" || m.sideTerm() != nil {
		return nil
	}
	a, ok := m.deps.Config.Assistants["shell"]
	if !ok {
		return m.say(levelError, "no assistant named shell in config")
	}
	if m.side.terms == nil {
		m.side.terms = map[string]*tab{}
	}
	m.side.terms[ws] = &tab{id: sideTermTab, kind: tmux.TypeTerminal, assistant: "shell", attaching: true}
	w, h := m.sideTermSize()
	sess, tc := m.deps.Sessions, m.deps.Tmux
	name := tmux.SessionName("amux", ws, sideTermTab)
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), sessionTimeout)
		defer cancel()
		own, err := sess.SessionOwnership(ctx, name, ws)
		if err != nil {
			return sideTermMsg{ws: ws, err: err}
		}
		switch own {
		case tmux.SessionForeign:
			return sideTermMsg{ws: ws, err: tmux.ErrForeignSession}
		case tmux.SessionMissing:
			s, err := sess.OpenSession(ctx, workspace.SessionRequest{Workspace: ws, Kind: tmux.TypeTerminal,
				Tab: sideTermTab, Assistant: "shell", Command: a.Command, Width: w, Height: h})
			if err != nil {
				return sideTermMsg{ws: ws, err: err}
			}
			name = s.Name
		default:
			_ = sess.RefreshLabels(ctx, ws, name)
		}
		term, err := termview.Attach(ctx, tc, name, termview.Options{Width: w, Height: h})
		return sideTermMsg{ws: ws, session: name, term: term, err: err}
	}
}

func (m *Model) onSideTerm(msg sideTermMsg) tea.Cmd {
	t := m.side.terms[msg.ws]
	if msg.err != nil || t == nil {
		delete(m.side.terms, msg.ws)
		if msg.term != nil {
			msg.term.Close()
		}
		if msg.err != nil {
			return m.say(levelError, "sidebar terminal: "+msg.err.Error())
		}
		return nil
	}
	t.session, t.attaching = msg.session, false
	v := termview.New(msg.term)
	v.SetOrigin(m.sideTermOrigin())
	w, h := m.sideTermSize()
	t.view = &v
	return tea.Batch(v.Init(), t.view.SetSize(w, h), m.syncSideTerm())
}

// sideTermOf finds the sidebar terminal showing term.
func (m *Model) sideTermOf(term *termview.Terminal) (string, *tab) {
	for ws, t := range m.side.terms {
		if t.view != nil && t.view.Terminal() == term {
			return ws, t
		}
	}
	return "", nil
}

// onSideTermMsg takes a sidebar terminal's frames; one whose shell exited
// goes, so showing the tab again starts a fresh shell.
func (m *Model) onSideTermMsg(ws string, t *tab, msg termview.Msg) tea.Cmd {
	v, cmd := t.view.Update(msg)
	t.view = &v
	if _, closed := msg.(termview.ClosedMsg); closed {
		delete(m.side.terms, ws)
		if m.focus == focusSidebar && ws == m.side.ws {
			m.focus = focusCenter
		}
		return nil
	}
	if _, frame := msg.(termview.FrameMsg); frame && (ws != m.side.ws || m.side.tab != sideTerminal) {
		t.parked = true // not on screen: stop waking the UI for it
		return nil
	}
	return cmd
}

// syncSideTerm gives the sidebar terminal focus while the sidebar has it
// on the Terminal tab, and wakes its frames when it is shown again.
func (m *Model) syncSideTerm() tea.Cmd {
	var cmds []tea.Cmd
	for ws, t := range m.side.terms {
		if t.view == nil {
			continue
		}
		shown := ws == m.side.ws && m.side.tab == sideTerminal && m.sideWidth() > 0
		if shown && m.focus == focusSidebar {
			t.view.Focus()
		} else {
			t.view.Blur()
		}
		t.view.SetVisible(shown)
		if shown && t.parked {
			t.parked = false
			cmds = append(cmds, t.view.Init())
		}
	}
	return tea.Batch(cmds...)
}

// focusedSideTerm is the sidebar terminal with focus, when it is live.
func (m *Model) focusedSideTerm() (*tab, bool) {
	if m.focus != focusSidebar || m.side.tab != sideTerminal {
		return nil, false
	}
	t := m.sideTerm()
	return t, t != nil && t.view != nil && !t.view.Closed()
}
