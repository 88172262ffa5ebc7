package workspace

import (
	"context"
	"errors"
	"fmt"

	"amux.dev/amux/ports"
	"amux.dev/amux/tmux"
)

// Status is what there is to know about one workspace beyond its record:
// an unfinished teardown, its port range, orphaned reservations, its
// scripts and their trust. The workspace-status dialog shows it.
type Status struct {
	Cleanup   CleanupState // an unfinished delete or shelve, and how far it got
	CleanupOp string       // which teardown left it: OpDelete or OpShelve
	Ports     string       // "6200-6209", or why there is none
	Orphans   int          // committed port reservations no live owner claims
	Scripts   []ScriptInfo
	// ScriptsRefused says why no script runs: the repository's scripts
	// file cannot be used (a link, a directory, not JSON…). Empty when fine.
	ScriptsRefused string
	Approvals      int // recorded script approvals for the project
}

// ScriptInfo is one lifecycle script as resolved for a workspace.
type ScriptInfo struct {
	Kind     ScriptKind
	Source   Source
	Commands []string
	Trusted  bool // runs without asking (user-authored, or approved content)
}

// scriptKinds lists every trust-gated kind a repository can supply, in the
// order they apply: the worktree file list, then the lifecycle scripts.
func scriptKinds() []ScriptKind {
	return []ScriptKind{KindWorktreeFiles, KindSetup, KindRun, KindArchive, KindOnDone}
}

// Status gathers a workspace's status. inFlight lists workspaces with an
// operation running in the caller, which the orphan probe counts as owners.
// What could be read is returned with the errors of what could not.
func (e *Engine) Status(ctx context.Context, id string, inFlight []string) (Status, error) {
	rec, err := e.store.Load(id)
	if err != nil {
		return Status{}, err
	}
	op, cleanup := e.UnfinishedTeardown(id)
	st := Status{Cleanup: cleanup, CleanupOp: op, Ports: "none reserved yet"}
	var errs []error
	if e.opts.Ports != nil {
		if r, ok, err := e.opts.Ports.Lookup(id); err != nil {
			st.Ports, errs = "registry unreadable", append(errs, err)
		} else if ok {
			st.Ports = r.Range()
		}
		orphans, err := e.opts.Ports.Orphans(ctx, e.liveOwners(inFlight))
		if err != nil {
			errs = append(errs, err)
		}
		st.Orphans = len(orphans)
	}
	for _, kind := range scriptKinds() {
		sc, ok, err := e.ResolveScript(rec, kind)
		if errors.Is(err, ErrRepoScripts) {
			st.ScriptsRefused = err.Error() // the same file for every kind: say it once
			break
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if ok {
			st.Scripts = append(st.Scripts, ScriptInfo{Kind: kind, Source: sc.Source,
				Commands: sc.Commands, Trusted: !sc.NeedsTrust() || e.store.IsTrusted(rec.Repo, sc)})
		}
	}
	if trusted, err := e.store.TrustedScripts(rec.Repo); err == nil {
		st.Approvals = len(trusted)
	}
	return st, errors.Join(errs...)
}

// liveOwners is the orphan probe's view of who may hold a port range: every
// record (shelved ones included), workspaces with an operation in flight,
// and every tagged session — read fresh each time it is called.
func (e *Engine) liveOwners(inFlight []string) ports.LiveOwners {
	return func(ctx context.Context) ([]string, error) {
		recs, err := e.store.List()
		if err != nil {
			return nil, err
		}
		ids := append([]string(nil), inFlight...)
		for _, r := range recs {
			ids = append(ids, r.WorkspaceID())
		}
		if e.opts.Tmux != nil {
			all, err := tmux.ListAllSessions(ctx, e.opts.Tmux)
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

// ReleaseOrphans releases the orphaned port reservations if, probed afresh,
// there are exactly confirmed of them (what the person saw and typed);
// otherwise it releases nothing. It returns how many it released.
func (e *Engine) ReleaseOrphans(ctx context.Context, confirmed int, inFlight []string) (int, error) {
	if e.opts.Ports == nil {
		return 0, errors.New("no port registry")
	}
	released, err := e.opts.Ports.ReleaseOrphans(ctx, confirmed, e.liveOwners(inFlight))
	return len(released), err
}

// ApproveScripts records the person's approval of the workspace's repo
// scripts as they are now, then runs setup-workspace if it was one of them
// (ranSetup says so).
func (e *Engine) ApproveScripts(ctx context.Context, id string) (ranSetup bool, err error) {
	rec, err := e.store.Load(id)
	if err != nil {
		return false, err
	}
	for _, kind := range scriptKinds() {
		sc, ok, err := e.ResolveScript(rec, kind)
		if err != nil || !ok || !sc.NeedsTrust() || e.store.IsTrusted(rec.Repo, sc) {
			continue
		}
		if err := e.trust(ctx, rec, sc); err != nil {
			return false, fmt.Errorf("approve %s: %w", kind, err)
		}
		if kind == KindSetup || kind == KindWorktreeFiles {
			ranSetup = true // setup applies the file list first
		}
	}
	if ranSetup {
		if _, err := e.RunSetup(ctx, id); err != nil {
			return true, fmt.Errorf("setup-workspace: %w", err)
		}
	}
	return ranSetup, nil
}

// RevokeApprovals revokes every recorded script approval of the
// workspace's project, re-reading the registry under its lock; a registry
// that cannot be read refuses instead of dropping what it cannot inspect.
func (e *Engine) RevokeApprovals(ctx context.Context, id string) (n int, err error) {
	defer func() { e.logAction("revoke script approvals", id, err, "kinds", n) }()
	rec, err := e.store.Load(id)
	if err != nil {
		return 0, err
	}
	for _, kind := range scriptKinds() {
		if err := e.store.Revoke(ctx, rec.Repo, kind); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// Dirty reports whether a workspace's worktree has uncommitted changes (a
// shelved workspace has no worktree, so it is not).
func (e *Engine) Dirty(ctx context.Context, id string) (bool, error) {
	rec, err := e.store.Load(id)
	if err != nil || rec.Shelved || !exists(rec.Root) {
		return false, err
	}
	st, err := e.opts.Git.Status(ctx, rec.Root)
	return st.Dirty, err
}

// ScriptOutput returns the tail (at most maxBytes) of a lifecycle script's
// captured output for workspace id.
func (e *Engine) ScriptOutput(id string, kind ScriptKind, maxBytes int) (string, error) {
	b, err := ReadTail(e.OutputPath(id, kind), maxBytes)
	return string(b), err
}
