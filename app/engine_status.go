package app

import (
	"context"
	"errors"
	"fmt"

	"amux.dev/amux/ports"
	"amux.dev/amux/tmux"
	"amux.dev/amux/workspace"
)

// WorkspaceStatus is what the workspace-status dialog shows.
type WorkspaceStatus struct {
	Cleanup   string // "", "interrupted" or "pending"
	CleanupOp string // which teardown left it: "delete" or "shelve"
	Ports     string // "6200-6209", or why there is none
	Orphans   int    // committed port reservations no live owner claims
	Scripts   []ScriptInfo
	// ScriptsRefused says why no script runs: the repository's scripts
	// file cannot be used (a link, a directory, not JSON…). Empty when fine.
	ScriptsRefused string
	Approvals      int // recorded script approvals for the project
}

// ScriptInfo is one lifecycle script as resolved for a workspace.
type ScriptInfo struct {
	Kind     string
	Source   string
	Commands []string
	Trusted  bool // runs without asking (user-authored, or approved content)
}

var scriptKinds = []workspace.ScriptKind{workspace.KindSetup, workspace.KindRun, workspace.KindArchive, workspace.KindOnDone}

// liveOwners is the orphan probe's view of who may hold a port range: every
// record (shelved ones included), workspaces with an operation in flight, and
// every tagged session — read fresh each time it is called.
func (a *engineAdapter) liveOwners(inFlight []string) ports.LiveOwners {
	return func(ctx context.Context) ([]string, error) {
		recs, err := a.eng.Store().List()
		if err != nil {
			return nil, err
		}
		ids := append([]string(nil), inFlight...)
		for _, r := range recs {
			ids = append(ids, r.WorkspaceID())
		}
		if a.tmux != nil {
			all, err := tmux.ListAllSessions(ctx, a.tmux)
			if err != nil {
				return nil, err
			}
			for _, s := range all {
				if s.Workspace != "" {
					ids = append(ids, s.Workspace)
				}
			}
		}
		return ids, nil
	}
}

func (a *engineAdapter) Status(ctx context.Context, id string, inFlight []string) (WorkspaceStatus, error) {
	rec, err := a.eng.Store().Load(id)
	if err != nil {
		return WorkspaceStatus{}, err
	}
	op, cleanup := a.eng.UnfinishedTeardown(id)
	st := WorkspaceStatus{Cleanup: string(cleanup), CleanupOp: op, Ports: "none reserved yet"}
	var errs []error
	if a.ports != nil {
		if r, ok, err := a.ports.Lookup(id); err != nil {
			st.Ports, errs = "registry unreadable", append(errs, err)
		} else if ok {
			st.Ports = r.Range()
		}
		orphans, err := a.ports.Orphans(ctx, a.liveOwners(inFlight))
		if err != nil {
			errs = append(errs, err)
		}
		st.Orphans = len(orphans)
	}
	for _, kind := range scriptKinds {
		sc, ok, err := a.eng.ResolveScript(rec, kind)
		if errors.Is(err, workspace.ErrRepoScripts) {
			st.ScriptsRefused = err.Error() // the same file for every kind: say it once
			break
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if ok {
			st.Scripts = append(st.Scripts, ScriptInfo{Kind: string(kind), Source: string(sc.Source),
				Commands: sc.Commands, Trusted: !sc.NeedsTrust() || a.eng.Store().IsTrusted(rec.Repo, sc)})
		}
	}
	if trusted, err := a.eng.Store().TrustedScripts(rec.Repo); err == nil {
		st.Approvals = len(trusted)
	}
	return st, errors.Join(errs...)
}

func (a *engineAdapter) ReleaseOrphans(ctx context.Context, confirmed int, inFlight []string) (int, error) {
	if a.ports == nil {
		return 0, errors.New("no port registry")
	}
	released, err := a.ports.ReleaseOrphans(ctx, confirmed, a.liveOwners(inFlight))
	return len(released), err
}

// Approve records the user's approval of the workspace's repo scripts as
// they are now, then runs setup-workspace if it was one of them.
func (a *engineAdapter) Approve(ctx context.Context, id string) (ranSetup bool, err error) {
	rec, err := a.eng.Store().Load(id)
	if err != nil {
		return false, err
	}
	for _, kind := range scriptKinds {
		sc, ok, err := a.eng.ResolveScript(rec, kind)
		if err != nil || !ok || !sc.NeedsTrust() || a.eng.Store().IsTrusted(rec.Repo, sc) {
			continue
		}
		if err := a.eng.Store().Trust(ctx, rec.Repo, sc); err != nil {
			return false, fmt.Errorf("approve %s: %w", kind, err)
		}
		if kind == workspace.KindSetup {
			ranSetup = true
		}
	}
	if ranSetup {
		if _, err := a.eng.RunSetup(ctx, id); err != nil {
			return true, fmt.Errorf("setup-workspace: %w", err)
		}
	}
	return ranSetup, nil
}

// Untrust revokes every recorded approval for the workspace's project,
// re-reading the registry under its lock; a registry that cannot be read
// refuses instead of dropping what it cannot inspect.
func (a *engineAdapter) Untrust(ctx context.Context, id string) (int, error) {
	rec, err := a.eng.Store().Load(id)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, kind := range scriptKinds {
		if err := a.eng.Store().Revoke(ctx, rec.Repo, kind); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}
