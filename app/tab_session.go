package app

import (
	"context"
	"fmt"
	"strconv"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/tmux"
	"amux.dev/amux/ui/termview"
)

// sessionTimeout bounds creating (or restarting) a tab's session and
// attaching to it.
const sessionTimeout = 15 * time.Second

// tabRequest is everything needed to start a tab, captured when the user
// asks for it: a settings change afterwards affects later launches only.
type tabRequest struct {
	wsID, wsName, project, root string
	tabID                       string
	kind                        string // tmux.TypeAgent or tmux.TypeTerminal
	assistant                   string
	command                     string // shell command line, run with sh -lc
	firstTask                   string
	width, height               int
}

type tabCreatedMsg struct {
	req     tabRequest
	session string
	created int64
	term    *termview.Terminal
	err     error
}

// createTab starts the tab's session — every creation-time tag set in the
// same tmux invocation, environment through the launch payload, the status
// tap installed — and attaches a PTY to it.
func (m *Model) createTab(req tabRequest) tea.Cmd {
	eng, tc, bin, tap, instance := m.deps.Engine, m.deps.Tmux, m.deps.AmuxBin, m.deps.InstallTap, m.deps.Instance
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), sessionTimeout)
		defer cancel()
		name := tmux.SessionName("amux", req.wsID, req.tabID)
		env, err := eng.SessionEnv(ctx, req.wsID)
		if err != nil {
			return tabCreatedMsg{req: req, err: fmt.Errorf("environment: %w", err)}
		}
		argv, err := tmux.PreparePaneLaunch(bin, "", tmux.PaneLaunch{Dir: req.root, Command: req.command, Env: env}, time.Now())
		if err != nil {
			return tabCreatedMsg{req: req, err: err}
		}
		now := time.Now().Unix()
		created, err := tmux.NewSession(ctx, tc, tmux.SessionSpec{
			Name: name, Dir: req.root, Command: argv, Width: req.width, Height: req.height,
			Tags: append([]tmux.SetOption{
				{Key: tmux.TagManaged, Value: "1"},
				{Key: tmux.TagWorkspace, Value: req.wsID},
				{Key: tmux.TagTab, Value: req.tabID},
				{Key: tmux.TagType, Value: req.kind},
				{Key: tmux.TagAssistant, Value: req.assistant},
				{Key: tmux.TagCreatedAt, Value: strconv.FormatInt(now, 10)},
				{Key: tmux.TagInstance, Value: instance},
				{Key: tmux.TagWorkspaceName, Value: tmux.LabelValue(req.wsName)},
				{Key: tmux.TagProject, Value: tmux.LabelValue(req.project)},
			}, tmux.HostedPaneOptions()...),
		})
		if err != nil {
			return tabCreatedMsg{req: req, err: err}
		}
		if tap != nil {
			_ = tap(ctx, created.PaneID) // best effort: the session hosts fine without it
		}
		term, err := termview.Attach(ctx, tc, name, termview.Options{Width: req.width, Height: req.height})
		return tabCreatedMsg{req: req, session: name, created: now, term: term, err: err}
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
func (m *Model) attach(wsID string, t *tab, width, height int) tea.Cmd {
	t.attachGen++
	t.attaching = true
	gen, tc, session, tabID := t.attachGen, m.deps.Tmux, t.session, t.id
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), sessionTimeout)
		defer cancel()
		own, _, err := tmux.SessionOwned(ctx, tc, session, wsID)
		switch {
		case err != nil:
			return tabAttachedMsg{wsID: wsID, tabID: tabID, gen: gen, err: err}
		case own == tmux.SessionMissing:
			return tabAttachedMsg{wsID: wsID, tabID: tabID, gen: gen, err: errSessionGone}
		case own == tmux.SessionForeign:
			return tabAttachedMsg{wsID: wsID, tabID: tabID, gen: gen, err: tmux.ErrForeignSession}
		}
		term, err := termview.Attach(ctx, tc, session, termview.Options{Width: width, Height: height})
		return tabAttachedMsg{wsID: wsID, tabID: tabID, gen: gen, term: term, err: err}
	}
}

var errSessionGone = fmt.Errorf("the session has ended")
