package app

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
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

// term is the shown workspace's sidebar terminal, if it has one.
func (s *sidebarOwner) term() *tab {
	return s.terms[s.ws]
}

// openTerm attaches the shown workspace's sidebar terminal, creating its
// session through the engine (the one way amux creates sessions) when
// there is none yet. A session left by an earlier amux is attached again.
func (s *sidebarOwner) openTerm(env sideEnv) (tea.Cmd, modal.Outcome) {
	ws := s.ws
	if ws == "" || s.term() != nil {
		return nil, modal.Outcome{}
	}
	if !env.hasShell {
		return nil, modal.Outcome{Say: "no assistant named shell in config", SayLevel: modal.LevelError}
	}
	if s.terms == nil {
		s.terms = map[string]*tab{}
	}
	s.terms[ws] = &tab{id: sideTermTab, kind: tmux.TypeTerminal, assistant: "shell", attaching: true}
	w, h, command := env.w, env.h, env.shell.Command
	via := s.deps.svc(ws)
	sess := via.Session
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
			made, err := sess.OpenSession(ctx, workspace.SessionRequest{Workspace: ws, Kind: tmux.TypeTerminal,
				Tab: sideTermTab, Assistant: "shell", Command: command, Width: w, Height: h})
			if err != nil {
				return sideTermMsg{ws: ws, err: err}
			}
			name = made.Name
		default:
			_ = sess.RefreshLabels(ctx, ws, name)
		}
		term, err := via.attach(ctx, name, termview.Options{Width: w, Height: h})
		return sideTermMsg{ws: ws, session: name, term: term, err: err}
	}, modal.Outcome{}
}

// onTerm binds an attached sidebar terminal to its view; a failed attach
// leaves none, so showing the tab again tries again.
func (s *sidebarOwner) onTerm(msg sideTermMsg, env sideEnv) (tea.Cmd, modal.Outcome) {
	t := s.terms[msg.ws]
	if msg.err != nil || t == nil {
		delete(s.terms, msg.ws)
		if msg.term != nil {
			msg.term.Close()
		}
		if msg.err != nil {
			return nil, modal.Outcome{Say: "sidebar terminal: " + msg.err.Error(), SayLevel: modal.LevelError}
		}
		return nil, modal.Outcome{}
	}
	t.session, t.attaching = msg.session, false
	v := termview.New(msg.term)
	v.SetOrigin(env.x, env.y)
	t.view = &v
	return tea.Batch(v.Init(), t.view.SetSize(env.w, env.h), s.syncTerm(env)), modal.Outcome{}
}

// termOf finds the sidebar terminal showing term.
func (s *sidebarOwner) termOf(term *termview.Terminal) (string, *tab) {
	for ws, t := range s.terms {
		if t.view != nil && t.view.Terminal() == term {
			return ws, t
		}
	}
	return "", nil
}

// onTermMsg takes a sidebar terminal's frames; one whose shell exited
// goes, so showing the tab again starts a fresh shell.
func (s *sidebarOwner) onTermMsg(ws string, t *tab, msg termview.Msg) (tea.Cmd, modal.Outcome) {
	v, cmd := t.view.Update(msg)
	t.view = &v
	if _, closed := msg.(termview.ClosedMsg); closed {
		delete(s.terms, ws)
		if ws == s.ws {
			return nil, modal.Outcome{}.Then(leaveSidebar{})
		}
		return nil, modal.Outcome{}
	}
	if _, frame := msg.(termview.FrameMsg); frame && (ws != s.ws || s.tab != sideTerminal) {
		t.parked = true // not on screen: stop waking the UI for it
		return nil, modal.Outcome{}
	}
	return cmd, modal.Outcome{}
}

// syncTerm gives the sidebar terminal focus while the sidebar has it on
// the Terminal tab, and wakes its frames when it is shown again.
func (s *sidebarOwner) syncTerm(env sideEnv) tea.Cmd {
	var cmds []tea.Cmd
	for ws, t := range s.terms {
		if t.view == nil {
			continue
		}
		shown := ws == s.ws && s.tab == sideTerminal && env.width > 0
		if shown && env.focused {
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

// focusedTerm is the sidebar terminal with focus, when it is live.
func (s *sidebarOwner) focusedTerm(env sideEnv) (*tab, bool) {
	if !env.focused || s.tab != sideTerminal {
		return nil, false
	}
	t := s.term()
	return t, t != nil && t.view != nil && !t.view.Closed()
}
