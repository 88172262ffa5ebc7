package workspace

import (
	"context"
	"errors"
	"fmt"

	"amux.dev/amux/git"
)

// ErrNotThisLanding means the merge or rebase stopped where a workspace
// lands is not one it started: another workspace's merge in the shared
// main checkout, or one the person started by hand. Review does not report
// it and AbortLanding refuses it.
var ErrNotThisLanding = errors.New("a merge or rebase this workspace did not start")

// landingState is what a workspace's two checkouts say of stopped
// landings: the worktree (where its rebase runs; Tip is its base's commit)
// and the project's main checkout (where its merge runs; Tip is its
// branch's commit).
type landingState struct {
	tree, main git.Landing
}

// rebase reports whether the rebase stopped in the worktree is this
// workspace's: it replays the workspace's own branch. amux never rebases
// the main checkout, so a main-checkout workspace owns none.
func (s landingState) rebase(rec Record) bool {
	return !rec.Main && s.tree.Rebasing && rec.Branch != "" && s.tree.RebaseBranch == rec.Branch
}

// merge reports whether the merge stopped in the main checkout is this
// workspace's: MERGE_HEAD is its branch's tip (the main probe resolved that
// tip in the same git call that located MERGE_HEAD).
func (s landingState) merge(rec Record) bool {
	return !rec.Main && s.main.MergeHead != "" && s.main.MergeHead == s.main.Tip
}

// branchRef is the workspace branch as a revision ("" without one).
func branchRef(rec Record) string {
	if rec.Branch == "" {
		return ""
	}
	return "refs/heads/" + rec.Branch
}

// probeMain reads the main checkout's stopped merge with the workspace
// branch's tip: one git call. A main-checkout workspace's main is its tree.
func (e *Engine) probeMain(ctx context.Context, rec Record) (git.Landing, error) {
	if rec.Main || !exists(rec.Repo) {
		return git.Landing{}, nil
	}
	return e.opts.Git.Landing(ctx, rec.Repo, branchRef(rec))
}

// AbortLanding abandons the workspace's own stopped merge (in the main
// checkout) or rebase (in the worktree), whichever Review reports. One it
// did not start is refused with ErrNotThisLanding, naming whose it is.
func (e *Engine) AbortLanding(ctx context.Context, id string) (err error) {
	defer func() { e.logAction("abort merge or rebase", id, err) }()
	g := e.opts.Git
	return e.withOwnLanding(ctx, id, func(how, where string) error {
		if how == "rebase" {
			return g.RebaseAbort(ctx, where)
		}
		return g.MergeAbort(ctx, where)
	})
}

// withOwnLanding runs fn on the workspace's own stopped landing: how
// ("merge" or "rebase") and where it stopped (the main checkout or the
// worktree). A merge's fn runs under the project's git lock, so no Merge
// of another workspace starts or ends between the ownership check and fn.
// A landing the workspace did not start is refused with ErrNotThisLanding.
func (e *Engine) withOwnLanding(ctx context.Context, id string, fn func(how, where string) error) error {
	rec, err := e.reviewable(id)
	if err != nil {
		return err
	}
	g := e.opts.Git
	var s landingState
	if s.tree, err = g.Landing(ctx, rec.Root, ""); err != nil {
		return err
	}
	if s.rebase(rec) {
		return fn("rebase", rec.Root)
	}
	s.main = s.tree
	if !rec.Main && exists(rec.Repo) {
		unlock, err := e.gitLock(ctx, rec.Repo)
		if err != nil {
			return err
		}
		defer unlock()
		if s.main, err = e.probeMain(ctx, rec); err != nil {
			return err
		}
		if s.merge(rec) {
			return fn("merge", rec.Repo)
		}
	}
	switch {
	case s.tree.Rebasing:
		return notThisRebase(rec, s.tree)
	case s.main.MergeHead != "":
		return e.notThisMerge(ctx, rec, s.main.MergeHead)
	}
	return errNoLanding
}

// errNoLanding: nothing of the workspace's is stopped.
var errNoLanding = errors.New("no merge or rebase of this workspace is stopped")

func notThisRebase(rec Record, l git.Landing) error {
	what := "a detached HEAD"
	if l.RebaseBranch != "" {
		what = fmt.Sprintf("branch %q", l.RebaseBranch)
	}
	return fmt.Errorf("%w: the rebase stopped in %s replays %s; finish or abort it there", ErrNotThisLanding, rec.Root, what)
}

// notThisMerge names whose the merge stopped in the main checkout is: a
// workspace whose branch is at MERGE_HEAD, else such a branch, else the
// commit.
func (e *Engine) notThisMerge(ctx context.Context, rec Record, mergeHead string) error {
	where := rec.Repo
	if rec.Main {
		where = rec.Root
	}
	branches, err := e.opts.Git.BranchesAt(ctx, where, mergeHead)
	if err != nil {
		e.log.Warn("branches at MERGE_HEAD unknown", "repo", where, "err", err)
	}
	recs, _ := e.store.List() // a record that fails to load only goes unnamed
	for _, b := range branches {
		for _, other := range recs {
			if other.ID != rec.ID && other.Repo == rec.Repo && other.Branch == b {
				return fmt.Errorf("%w: the merge stopped in %s is workspace %q's (branch %q); abort it from there",
					ErrNotThisLanding, where, other.Name, b)
			}
		}
	}
	if len(branches) > 0 {
		return fmt.Errorf("%w: the merge stopped in %s merges branch %q; finish or abort it there", ErrNotThisLanding, where, branches[0])
	}
	return fmt.Errorf("%w: the merge stopped in %s merges commit %.12s; finish or abort it there", ErrNotThisLanding, where, mergeHead)
}
