package workspace

import (
	"context"
	"errors"
	"fmt"
	"strings"

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
// named amux-ws-<id>-run (then -run-2, -run-3… while those are taken),
// made like every hosted session (hostSession): tagged @amux=1,
// @amux_workspace=<id>, @amux_type=run in the creating invocation, the
// command through the pane launch transport, the status tap installed.
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
	taken, err := e.sessionNames(wctx)
	if err != nil {
		return RunSession{}, err
	}
	for n := 1; n <= maxRunSlots; n++ {
		name := tmux.RunSessionName(id, n)
		if taken[name] {
			continue
		}
		s, err := e.hostSession(wctx, rec, name, SessionRequest{
			Workspace: id, Kind: tmux.TypeRun, Command: strings.Join(sc.Commands, "\n"),
		})
		if errors.Is(err, tmux.ErrSessionExists) {
			continue // lost a race for this name; try the next
		}
		return RunSession{Name: s.Name, SessionID: s.SessionID, PaneID: s.PaneID}, err
	}
	return RunSession{}, fmt.Errorf("workspace %s already hosts %d run sessions", id, maxRunSlots)
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
