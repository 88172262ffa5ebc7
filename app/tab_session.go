package app

import (
	"context"
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/tmux"
	"amux.dev/amux/ui/agentpicker"
	"amux.dev/amux/ui/termview"
	"amux.dev/amux/workspace"
)

// sessionTimeout bounds creating (or restarting) a tab's session and
// attaching to it.
const sessionTimeout = 15 * time.Second

// tabRequest is everything needed to start a tab, captured when the user
// asks for it: a settings change afterwards affects later launches only.
type tabRequest struct {
	wsID          string
	tabID         string
	kind          string // tmux.TypeAgent or tmux.TypeTerminal
	assistant     string
	command       string // shell command line, run with sh -lc
	firstTask     string
	width, height int
}

type tabCreatedMsg struct {
	req     tabRequest
	session string
	created int64
	term    *termview.Terminal
	err     error
}

// agentProgram is the program an agent tab's command runs, for the
// launch's "command not found" check; "" for terminal tabs (a shell that
// exits 127 after a typo is not a missing program) and for lines whose
// program only the shell can tell.
func agentProgram(kind, command string) string {
	if kind != tmux.TypeAgent {
		return ""
	}
	prog, _ := agentpicker.Program(command)
	return prog
}

// createTab starts the tab's session through the engine (the one way amux
// creates a session) and attaches a PTY to it.
func (o *tabsOwner) createTab(req tabRequest) tea.Cmd {
	sess, attach := o.tabSessions(req.wsID), o.tabAttach(req.wsID)
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), sessionTimeout)
		defer cancel()
		s, err := sess.OpenSession(ctx, workspace.SessionRequest{
			Workspace: req.wsID, Kind: req.kind, Tab: req.tabID, Assistant: req.assistant,
			Command: req.command, Program: agentProgram(req.kind, req.command), Width: req.width, Height: req.height,
		})
		if err != nil {
			return tabCreatedMsg{req: req, err: err}
		}
		term, err := attach(ctx, s.Name, termview.Options{Width: req.width, Height: req.height})
		return tabCreatedMsg{req: req, session: s.Name, created: s.Created.Unix(), term: term, err: err}
	}
}

type tabAttachedMsg struct {
	wsID, tabID string
	gen         int
	term        *termview.Terminal
	err         error
}

// attach starts a PTY client for an existing session after checking that
// the session under that name is still ours.
func (o *tabsOwner) attach(wsID string, t *tab, width, height int) tea.Cmd {
	t.attachGen++
	t.attaching = true
	gen, session, tabID := t.attachGen, t.session, t.id
	sess, attach := o.tabSessions(wsID), o.tabAttach(wsID)
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), sessionTimeout)
		defer cancel()
		own, err := sess.SessionOwnership(ctx, session, wsID)
		switch {
		case err != nil:
			return tabAttachedMsg{wsID: wsID, tabID: tabID, gen: gen, err: err}
		case own == tmux.SessionMissing:
			return tabAttachedMsg{wsID: wsID, tabID: tabID, gen: gen, err: errSessionGone}
		case own == tmux.SessionForeign:
			return tabAttachedMsg{wsID: wsID, tabID: tabID, gen: gen, err: tmux.ErrForeignSession}
		}
		// The contract: a rename reaches @amux_workspace_name on the next
		// attach or reattach. Best effort: a label is not worth an attach.
		_ = sess.RefreshLabels(ctx, wsID, session)
		term, err := attach(ctx, session, termview.Options{Width: width, Height: height})
		return tabAttachedMsg{wsID: wsID, tabID: tabID, gen: gen, term: term, err: err}
	}
}

var errSessionGone = fmt.Errorf("the session has ended")
