package workspace

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"amux.dev/amux/tmux"
)

// SessionRequest describes a tmux session amux hosts for a workspace: an
// agent or terminal tab, or a run-script session.
type SessionRequest struct {
	Workspace string // the workspace's ID
	Kind      string // tmux.TypeAgent, tmux.TypeTerminal or tmux.TypeRun
	Tab       string // @amux_tab; empty for run sessions, which have none
	Assistant string // @amux_assistant (agent and terminal tabs)
	Command   string // the shell command line the pane runs (sh -lc)
	// Program is the program Command runs, checked on the pane's final
	// PATH before it starts so a missing one is named with that PATH
	// (tmux.PaneLaunch.Program); empty skips the check.
	Program string
	// Dir is where the pane starts: the worktree (the default) or a folder
	// inside it; anything else starts in the worktree.
	Dir string
	// Width and Height are the new session's size; zero leaves tmux's.
	Width, Height int
}

// Session identifies a hosted session amux created.
type Session struct {
	Name      string    // the session name
	SessionID string    // "$N"
	PaneID    string    // "%N"
	Created   time.Time // as @amux_created_at records it
}

// OpenSession creates the session for a tab of a workspace, named by the
// contract's grammar (amux-<workspace>-<tab>). Like every session amux
// hosts it is made by hostSession: tags set in the creating tmux call, the
// environment through the pane launch payload, the status tap installed.
func (e *Engine) OpenSession(ctx context.Context, req SessionRequest) (Session, error) {
	if req.Tab == "" {
		return Session{}, errors.New("open session: a tab session needs a tab ID")
	}
	rec, err := e.usable(req.Workspace)
	if err != nil {
		return Session{}, err
	}
	return e.hostSession(ctx, rec, tmux.SessionName("amux", req.Workspace, req.Tab), req)
}

// RelaunchSession restarts the program of an existing session in place
// (respawn-pane -k): its name, tags and viewers stay, and the launch —
// environment and command — is prepared afresh, so settings changed since
// the start apply.
func (e *Engine) RelaunchSession(ctx context.Context, session string, req SessionRequest) error {
	if e.opts.Tmux == nil {
		return errors.New("relaunch: no tmux server configured")
	}
	rec, err := e.usable(req.Workspace)
	if err != nil {
		return err
	}
	launch, err := e.prepareLaunch(ctx, rec, req)
	if err != nil {
		return err
	}
	pane, err := tmux.PaneOf(ctx, e.opts.Tmux, session)
	if err == nil {
		err = tmux.RespawnPane(ctx, e.opts.Tmux, pane, sessionDir(rec.Root, req.Dir), launch.Argv)
	}
	if err != nil {
		launch.Discard()
		return err
	}
	e.installTap(ctx, session, pane)
	return nil
}

// hostSession is the one way amux creates a tmux session: the launch is
// prepared (environment in a private payload, never in argv), the session
// created with every creation-time tag in the same tmux invocation, the
// payload discarded if tmux refused, and the status tap installed.
func (e *Engine) hostSession(ctx context.Context, rec Record, name string, req SessionRequest) (Session, error) {
	if e.opts.Tmux == nil {
		return Session{}, errors.New("sessions: no tmux server configured")
	}
	launch, err := e.prepareLaunch(ctx, rec, req)
	if err != nil {
		return Session{}, err
	}
	now := time.Now()
	created, err := tmux.NewSession(ctx, e.opts.Tmux, tmux.SessionSpec{
		Name: name, Dir: sessionDir(rec.Root, req.Dir), Command: launch.Argv, Width: req.Width, Height: req.Height,
		HistoryLimit: tmux.HistoryLimit,
		Tags:         append(e.sessionTags(rec, req, now), tmux.HostedPaneOptions()...),
	})
	if err != nil {
		launch.Discard()
		return Session{}, err
	}
	e.installTap(ctx, name, created.PaneID)
	return Session{Name: name, SessionID: created.SessionID, PaneID: created.PaneID, Created: now}, nil
}

// prepareLaunch writes the launch payload of req in rec's worktree: the
// workspace environment (a run session's marked as the run script's) and
// the command.
func (e *Engine) prepareLaunch(ctx context.Context, rec Record, req SessionRequest) (tmux.Launch, error) {
	if e.opts.AmuxBin == "" {
		return tmux.Launch{}, errors.New("sessions: amux binary path unknown")
	}
	kind := ScriptKind("")
	if req.Kind == tmux.TypeRun {
		kind = KindRun
	}
	env, err := e.extraEnv(ctx, rec, kind)
	if err != nil {
		return tmux.Launch{}, fmt.Errorf("environment: %w", err)
	}
	command := req.Command
	if req.Kind == tmux.TypeTerminal {
		command = e.terminalCommand(req.Command)
	}
	// amux's own PATH stays in front of the one the login profile sets.
	return tmux.PreparePaneLaunch(e.opts.AmuxBin, e.opts.LaunchTmpDir, tmux.PaneLaunch{
		Dir: sessionDir(rec.Root, req.Dir), Command: command, Env: env,
		Path: envValue(e.opts.Environ, "PATH"), Program: req.Program,
		AwaitTap: e.opts.InstallTap != nil,
	}, time.Now())
}

// envValue is key's value in env (the last assignment wins, as in exec).
func envValue(env []string, key string) string {
	v := ""
	for _, kv := range env {
		if k, val, ok := strings.Cut(kv, "="); ok && k == key {
			v = val
		}
	}
	return v
}

// terminalCommand is a terminal tab's command with amux's prompt marks, or
// as configured while they are off (or their files cannot be written).
func (e *Engine) terminalCommand(command string) string {
	if e.noShellMarks.Load() {
		return command
	}
	dir, err := shellFiles(e.opts.Home)
	if err != nil {
		e.log.Warn("shell prompt marks unavailable", "err", err)
		return command
	}
	return markedShellCommand(dir, command)
}

// sessionTags is the contract's creation-time tag set of a hosted session.
func (e *Engine) sessionTags(rec Record, req SessionRequest, now time.Time) []tmux.SetOption {
	tags := []tmux.SetOption{
		{Key: tmux.TagManaged, Value: "1"},
		{Key: tmux.TagWorkspace, Value: rec.WorkspaceID()},
		{Key: tmux.TagType, Value: req.Kind},
		{Key: tmux.TagCreatedAt, Value: strconv.FormatInt(now.Unix(), 10)},
		{Key: tmux.TagWorkspaceName, Value: tmux.LabelValue(rec.Name)},
		{Key: tmux.TagProject, Value: tmux.LabelValue(projectName(rec.Repo))},
	}
	if req.Tab != "" {
		tags = append(tags, tmux.SetOption{Key: tmux.TagTab, Value: req.Tab})
	}
	if req.Assistant != "" {
		tags = append(tags, tmux.SetOption{Key: tmux.TagAssistant, Value: req.Assistant})
	}
	if e.opts.Instance != "" {
		tags = append(tags, tmux.SetOption{Key: tmux.TagInstance, Value: e.opts.Instance})
	}
	return tags
}

// installTap installs the status tap on a new or relaunched pane. It is
// best effort: the session hosts fine without it.
func (e *Engine) installTap(ctx context.Context, session, pane string) {
	if e.opts.InstallTap == nil {
		return
	}
	if err := e.opts.InstallTap(ctx, pane); err != nil {
		e.log.Warn("status tap not installed", "session", session, "err", err)
	}
}

// RepairTap gives session's pane a new status tap, the program untouched:
// a pipe still open to a dead tap is closed first (tmux keeps one pipe per
// pane), then the tap is installed as at creation.
func (e *Engine) RepairTap(ctx context.Context, session string) error {
	if e.opts.Tmux == nil || e.opts.InstallTap == nil {
		return errors.New("repair tap: no tmux server or tap configured")
	}
	pane, err := tmux.PaneOf(ctx, e.opts.Tmux, session)
	if err != nil {
		return err
	}
	if _, err := e.opts.Tmux.Run(ctx, "pipe-pane", "-t", pane); err != nil {
		return fmt.Errorf("repair tap of %s: %w", session, err)
	}
	if err := e.opts.InstallTap(ctx, pane); err != nil {
		return fmt.Errorf("repair tap of %s: %w", session, err)
	}
	e.log.Info("status tap repaired", "session", session)
	return nil
}

// Sessions lists the amux sessions on the server with their tags (none
// when no tmux server is configured or running).
func (e *Engine) Sessions(ctx context.Context) ([]tmux.SessionInfo, error) {
	if e.opts.Tmux == nil {
		return nil, nil
	}
	return tmux.ListSessions(ctx, e.opts.Tmux)
}

// CloseSession kills a tab's session and everything running in it. A
// session that is already gone is not an error.
func (e *Engine) CloseSession(ctx context.Context, session string) error {
	if e.opts.Tmux == nil {
		return errors.New("sessions: no tmux server configured")
	}
	return tmux.KillSession(ctx, e.opts.Tmux, session)
}

// SessionAlive reports whether a session of that exact name exists.
func (e *Engine) SessionAlive(ctx context.Context, session string) (bool, error) {
	if e.opts.Tmux == nil {
		return false, nil
	}
	return tmux.HasSession(ctx, e.opts.Tmux, session)
}

// CaptureHistory is the history pager's read of session's pane (its last
// lines lines, or all the history it keeps when lines ≤ 0). Only amux's
// own sessions are read: a host is asked for this by name, and a name
// must not reach another program's session.
func (e *Engine) CaptureHistory(ctx context.Context, session string, lines int) (string, error) {
	if e.opts.Tmux == nil {
		return "", errors.New("sessions: no tmux server configured")
	}
	if !tmux.IsAmuxName(session) || strings.ContainsAny(session, ":.") {
		return "", fmt.Errorf("sessions: %q is not an amux session", session)
	}
	if lines > 0 {
		return tmux.CapturePane(ctx, e.opts.Tmux, tmux.ExactPane(session), -lines, true)
	}
	return tmux.CaptureHistory(ctx, e.opts.Tmux, tmux.ExactPane(session), true)
}

// SessionOwnership says whether the session under that name is amux's
// session of workspace wsID — the check every attach makes before binding.
func (e *Engine) SessionOwnership(ctx context.Context, session, wsID string) (tmux.Ownership, error) {
	if e.opts.Tmux == nil {
		return tmux.SessionMissing, nil
	}
	own, _, err := tmux.SessionOwned(ctx, e.opts.Tmux, session, wsID)
	return own, err
}

// SendInterrupt writes one Ctrl-C into a session that has no PTY of amux's
// attached (a tab with one gets it through its PTY instead).
func (e *Engine) SendInterrupt(ctx context.Context, session string) error {
	if e.opts.Tmux == nil {
		return errors.New("sessions: no tmux server configured")
	}
	return tmux.SendBytes(ctx, e.opts.Tmux, session, []byte{0x03})
}
