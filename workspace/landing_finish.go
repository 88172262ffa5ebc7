package workspace

import (
	"context"
	"fmt"
)

// Finishing a workspace's stopped merge or rebase inside amux: each file
// is marked resolved where the conflict is (the main checkout for a
// merge, the worktree for a rebase), then the landing continues (a merge
// commits, a rebase replays the rest), a rebase may skip the commit it
// stopped on, or either aborts (AbortLanding). Only a landing this
// workspace started is touched (withOwnLanding).

// MarkResolved stages path, a conflicting file of the workspace's stopped
// landing, as resolved; refused while it still holds conflict markers.
func (e *Engine) MarkResolved(ctx context.Context, id, path string) (err error) {
	defer func() { e.logAction("mark conflict resolved", id, err, "path", path) }()
	return e.withOwnLanding(ctx, id, func(_, where string) error {
		return e.opts.Git.MarkResolved(ctx, where, path)
	})
}

// ContinueLanding goes on with the workspace's stopped landing once every
// conflict is marked resolved: a merge is committed in the main checkout
// (git's merge message, hooks and signing off); a rebase makes the stopped
// commit and replays the rest, and may stop again on the next one
// (git.ErrMergeConflict). how says which it was.
func (e *Engine) ContinueLanding(ctx context.Context, id string) (how string, err error) {
	defer func() { e.logAction("continue "+orLanding(how), id, err) }()
	g := e.opts.Git
	err = e.withOwnLanding(ctx, id, func(h, where string) error {
		how = h
		if h == "rebase" {
			return g.RebaseContinue(ctx, where)
		}
		commit, err := g.CommitMerge(ctx, where)
		if err == nil {
			e.log.Info("merge committed", "workspace", id, "repo", where, "commit", commit)
		}
		return err
	})
	return how, err
}

// SkipRebase drops the commit the workspace's stopped rebase stopped on
// and replays the rest (which may stop again). A stopped merge has no
// commit to skip.
func (e *Engine) SkipRebase(ctx context.Context, id string) (err error) {
	defer func() { e.logAction("skip the commit the rebase stopped on", id, err) }()
	return e.withOwnLanding(ctx, id, func(how, where string) error {
		if how != "rebase" {
			return fmt.Errorf("a merge has no commit to skip: continue it or abort it")
		}
		return e.opts.Git.RebaseSkip(ctx, where)
	})
}

func orLanding(how string) string {
	if how == "" {
		return "merge or rebase"
	}
	return how
}
