package workspace

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"amux.dev/amux/tmux"
)

// RunSession is a hosted run-script session amux created.
type RunSession struct {
	Name      string // amux-ws-<id>-run, amux-ws-<id>-run-2, …
	SessionID string // "$N"
	PaneID    string // "%N"
}

// maxRunSlots bounds the search for a free run-session name, and so how
// many concurrent run sessions one workspace may host.
const maxRunSlots = 64

// StartRun hosts the workspace's run script in a new detached tmux session
// named amux-ws-<id>-run (then -run-2, -run-3… while those are taken) and
// tagged @amux=1, @amux_workspace=<id>, @amux_type=run in the same tmux
// invocation that creates it. The command goes through the pane launch
// transport, so no environment value appears in argv or tmux's logs. The
// status tap is installed best effort.
func (e *Engine) StartRun(ctx context.Context, id string) (RunSession, error) {
	if e.opts.Tmux == nil {
		return RunSession{}, errors.New("run sessions: no tmux server configured")
	}
	if e.opts.AmuxBin == "" {
		return RunSession{}, errors.New("run sessions: amux binary path unknown")
	}
	rec, err := e.usable(id)
	if err != nil {
		return RunSession{}, err
	}
	// Admitted for the whole start, so a teardown's drain waits until the
	// session exists and its kill step then finds it.
	wctx, done, err := e.gates.admit(ctx, id)
	if err != nil {
		return RunSession{}, err
	}
	defer done()
	sc, ok, err := e.trustedScript(rec, KindRun)
	if err != nil {
		return RunSession{}, err
	}
	if !ok {
		return RunSession{}, fmt.Errorf("workspace %s defines no run script", id)
	}
	extra, err := e.extraEnv(wctx, rec, KindRun)
	if err != nil {
		return RunSession{}, err
	}
	taken, err := e.sessionNames(wctx)
	if err != nil {
		return RunSession{}, err
	}
	for n := 1; n <= maxRunSlots; n++ {
		name := tmux.RunSessionName(id, n)
		if taken[name] {
			continue
		}
		rs, err := e.newRunSession(wctx, rec, name, sc, extra)
		if errors.Is(err, tmux.ErrSessionExists) {
			continue // lost a race for this name; try the next
		}
		return rs, err
	}
	return RunSession{}, fmt.Errorf("workspace %s already hosts %d run sessions", id, maxRunSlots)
}

func (e *Engine) newRunSession(ctx context.Context, rec Record, name string, sc Script, extra []string) (RunSession, error) {
	argv, err := tmux.PreparePaneLaunch(e.opts.AmuxBin, e.opts.LaunchTmpDir, tmux.PaneLaunch{
		Dir:     rec.Root,
		Command: strings.Join(sc.Commands, "\n"),
		Env:     extra,
	}, time.Now())
	if err != nil {
		return RunSession{}, err
	}
	id := rec.WorkspaceID()
	created, err := tmux.NewSession(ctx, e.opts.Tmux, tmux.SessionSpec{
		Name:    name,
		Dir:     rec.Root,
		Command: argv,
		Tags: append([]tmux.SetOption{
			{Key: tmux.TagManaged, Value: "1"},
			{Key: tmux.TagWorkspace, Value: id},
			{Key: tmux.TagType, Value: tmux.TypeRun},
			{Key: tmux.TagCreatedAt, Value: strconv.FormatInt(time.Now().Unix(), 10)},
			{Key: tmux.TagWorkspaceName, Value: tmux.LabelValue(rec.Name)},
			{Key: tmux.TagProject, Value: tmux.LabelValue(projectName(rec.Repo))},
		}, tmux.HostedPaneOptions()...),
	})
	if err != nil {
		// The pane never consumed the payload: remove it, since it holds env.
		os.RemoveAll(filepath.Dir(argv[len(argv)-1]))
		return RunSession{}, err
	}
	if e.opts.InstallTap != nil {
		if err := e.opts.InstallTap(ctx, created.PaneID); err != nil {
			e.log.Warn("status tap not installed on run session", "session", name, "err", err)
		}
	}
	return RunSession{Name: name, SessionID: created.SessionID, PaneID: created.PaneID}, nil
}

// sessionNames returns the names of every live session on the server.
func (e *Engine) sessionNames(ctx context.Context) (map[string]bool, error) {
	all, err := tmux.ListAllSessions(ctx, e.opts.Tmux)
	if err != nil {
		return nil, err
	}
	names := make(map[string]bool, len(all))
	for _, s := range all {
		names[s.Name] = true
	}
	return names, nil
}

// RunSessions lists a workspace's hosted run sessions, found by their tags
// (never by name).
func (e *Engine) RunSessions(ctx context.Context, id string) ([]tmux.SessionInfo, error) {
	if e.opts.Tmux == nil {
		return nil, nil
	}
	return tmux.FindRunSessions(ctx, e.opts.Tmux, id)
}

// StopRuns kills every hosted run session of a workspace (by "$N" id) and
// its local run slot.
func (e *Engine) StopRuns(ctx context.Context, id string) error {
	e.StopLocalRun(id)
	runs, err := e.RunSessions(ctx, id)
	if err != nil {
		return fmt.Errorf("find run sessions of %s: %w", id, err)
	}
	var errs []error
	for _, s := range runs {
		if err := tmux.KillSessionByID(ctx, e.opts.Tmux, s.ID); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// StopSessions kills every other session of a workspace: those tagged with
// its ID (agent and terminal tabs, viewers) and, by name, anything holding
// its "amux-<id>-" prefix — name-prefix reclamation, per the contract.
func (e *Engine) StopSessions(ctx context.Context, id string) error {
	if e.opts.Tmux == nil || !ValidID(id) {
		return nil
	}
	all, err := tmux.ListAllSessions(ctx, e.opts.Tmux)
	if err != nil {
		return fmt.Errorf("find sessions of %s: %w", id, err)
	}
	var errs []error
	for _, s := range all {
		if (s.Managed && s.Workspace == id) || strings.HasPrefix(s.Name, tmux.SessionPrefix+id+"-") {
			if err := tmux.KillSessionByID(ctx, e.opts.Tmux, s.ID); err != nil {
				errs = append(errs, err)
			}
		}
	}
	return errors.Join(errs...)
}
