package workspace

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"amux.dev/amux/git"
	"amux.dev/amux/git/udiff"
	"amux.dev/amux/workspace/treewatch"
)

// Review is what the sidebar's Changes tab shows of a workspace: its
// changes, the commits on its branch that are not on its base, and a
// merge or rebase that stopped on conflicts.
type Review struct {
	Changes     git.Changes
	Base        string
	Commits     []git.Commit
	CommitCount int
	// Landing is a merge stopped in the main checkout ("merge") or a rebase
	// stopped in the worktree ("rebase"); "" when neither.
	Landing   string
	Conflicts []string // its unmerged paths
}

// errNoTree means the workspace has no worktree to review (shelved).
var errNoTree = errors.New("the workspace has no worktree (shelved)")

func (e *Engine) reviewable(id string) (Record, error) {
	rec, err := e.store.Load(id)
	if err != nil {
		return Record{}, err
	}
	if rec.Shelved || !exists(rec.Root) {
		return Record{}, errNoTree
	}
	return rec, nil
}

// Review reads a workspace's changes, branch commits and stopped landing,
// only when asked (the app asks when the work tree watcher says something
// changed). Changes (git config and status) runs beside the landing probes
// (one rev-parse in the worktree, resolving the base's tip too, and one in
// the main checkout); the commits come from the cache unless HEAD or the
// base's tip moved. A merge or rebase shows as Landing only when it is
// this workspace's (see landingState).
func (e *Engine) Review(ctx context.Context, id string) (Review, error) {
	rec, err := e.reviewable(id)
	if err != nil {
		return Review{}, err
	}
	g := e.opts.Git
	type changes struct {
		ch  git.Changes
		err error
	}
	done := make(chan changes, 1)
	go func() {
		ch, err := g.Changes(ctx, rec.Root)
		done <- changes{ch, err}
	}()
	s, baseTip := e.probeReview(ctx, rec)
	got := <-done
	if got.err != nil {
		return Review{}, got.err
	}
	r := Review{Changes: got.ch, Base: rec.Base}
	// A base that no longer resolves leaves the commits out, not the
	// changes.
	if r.Commits, r.CommitCount, err = e.branchCommits(ctx, rec, got.ch.Head, baseTip); err != nil {
		e.log.Warn("branch commits unavailable", "workspace", id, "err", err)
	}
	switch {
	case s.rebase(rec):
		r.Landing = "rebase"
		r.Conflicts, _ = g.Conflicts(ctx, rec.Root)
	case s.merge(rec):
		r.Landing = "merge"
		r.Conflicts, _ = g.Conflicts(ctx, rec.Repo)
	}
	return r, nil
}

// probeReview reads the landing state of a workspace that is not the main
// checkout (a main-checkout workspace has no base to compare with and owns
// no landing) and its base's commit id; "" when the base does not resolve.
// A failed probe leaves its part out, with a warning.
func (e *Engine) probeReview(ctx context.Context, rec Record) (landingState, string) {
	var s landingState
	if rec.Main {
		return s, ""
	}
	var err error
	if s.tree, err = e.opts.Git.Landing(ctx, rec.Root, rec.Base); err != nil {
		e.log.Warn("worktree landing state unknown", "workspace", rec.ID, "err", err)
	} else if rec.Base != "" && s.tree.Tip == "" {
		e.log.Warn("branch commits unavailable: the base names no commit", "workspace", rec.ID, "base", rec.Base)
	}
	if s.main, err = e.probeMain(ctx, rec); err != nil {
		e.log.Warn("main checkout landing state unknown", "workspace", rec.ID, "err", err)
	}
	return s, s.tree.Tip
}

// DiffRequest names a workspace diff. Mode DiffBase compares with the
// workspace's base; InMain reads the project's main checkout (a merge's
// conflicts live there).
type DiffRequest struct {
	git.DiffRequest
	InMain bool
}

// Diff returns one of a workspace's diffs, parsed.
func (e *Engine) Diff(ctx context.Context, id string, req DiffRequest) ([]udiff.File, error) {
	rec, err := e.reviewable(id)
	if err != nil {
		return nil, err
	}
	root := rec.Root
	if req.InMain {
		root = rec.Repo
	}
	if req.Mode == git.DiffBase && req.Base == "" {
		req.Base = rec.Base
	}
	return e.opts.Git.FileDiff(ctx, root, req.DiffRequest)
}

// Stage stages (or, with unstage, unstages) one path of the worktree.
func (e *Engine) Stage(ctx context.Context, id, path string, unstage bool) error {
	rec, err := e.reviewable(id)
	if err != nil {
		return err
	}
	if unstage {
		return e.opts.Git.UnstageFile(ctx, rec.Root, path)
	}
	return e.opts.Git.StageFile(ctx, rec.Root, path)
}

// StageHunk stages hunk i of f, a file of the unstaged diff (with unstage:
// takes it out of the index, f from the staged diff).
func (e *Engine) StageHunk(ctx context.Context, id string, f udiff.File, i int, unstage bool) error {
	rec, err := e.reviewable(id)
	if err != nil {
		return err
	}
	if unstage {
		return e.opts.Git.UnstageHunk(ctx, rec.Root, f, i)
	}
	return e.opts.Git.StageHunk(ctx, rec.Root, f, i)
}

// Commit commits what is staged in the worktree (hooks and signing off).
func (e *Engine) Commit(ctx context.Context, id string, req git.CommitRequest) (commit string, err error) {
	defer func() { e.logAction("commit", id, err, "amend", req.Amend, "commit", commit) }()
	rec, err := e.reviewable(id)
	if err != nil {
		return "", err
	}
	return e.opts.Git.Commit(ctx, rec.Root, req)
}

// LastMessage is the message of the worktree's tip commit, for an amend.
func (e *Engine) LastMessage(ctx context.Context, id string) (string, error) {
	rec, err := e.reviewable(id)
	if err != nil {
		return "", err
	}
	return e.opts.Git.LastMessage(ctx, rec.Root)
}

// landing returns a workspace that can be merged into its base: on a
// branch, not the main checkout, with a base that is a local branch (the
// merge runs where that branch is checked out: the main checkout).
func (e *Engine) landing(ctx context.Context, id string) (Record, string, error) {
	rec, err := e.reviewable(id)
	if err != nil {
		return Record{}, "", err
	}
	if rec.Main {
		return Record{}, "", fmt.Errorf("%w: it has nothing to merge into", ErrMainCheckout)
	}
	base := strings.TrimPrefix(rec.Base, "refs/heads/")
	ok := false
	if base != "" && base != "HEAD" {
		if ok, err = e.opts.Git.BranchExists(ctx, rec.Repo, base); err != nil {
			return Record{}, "", err
		}
	}
	if !ok {
		return Record{}, "", fmt.Errorf("the workspace's base %q is not a local branch to merge into", rec.Base)
	}
	return rec, base, nil
}

// PreviewMerge is the dry run of Merge: what merging the workspace's branch
// into its base would do, conflicting paths listed, nothing touched.
func (e *Engine) PreviewMerge(ctx context.Context, id string) (git.MergePreview, string, error) {
	rec, base, err := e.landing(ctx, id)
	if err != nil {
		return git.MergePreview{}, "", err
	}
	p, err := e.opts.Git.PreviewMerge(ctx, rec.Repo, base, rec.Branch)
	return p, base, err
}

// Merge merges the workspace's branch into its base in the project's main
// checkout, under the per-repository git lock (no worktree add or removal
// of the same repository runs meanwhile). A conflict leaves the merge in
// progress there (git.ErrMergeConflict): Review lists the paths, MergeAbort
// undoes it.
func (e *Engine) Merge(ctx context.Context, id string) (err error) {
	defer func() { e.logAction("merge into base", id, err) }()
	rec, base, err := e.landing(ctx, id)
	if err != nil {
		return err
	}
	unlock, err := e.gitLock(ctx, rec.Repo)
	if err != nil {
		return err
	}
	defer unlock()
	return e.opts.Git.MergeInto(ctx, rec.Repo, base, rec.Branch)
}

// Rebase replays the workspace's branch onto its base in the worktree.
func (e *Engine) Rebase(ctx context.Context, id string) (err error) {
	defer func() { e.logAction("rebase onto base", id, err) }()
	rec, base, err := e.landing(ctx, id)
	if err != nil {
		return err
	}
	return e.opts.Git.Rebase(ctx, rec.Root, base)
}

// Watch starts the work tree watcher of a workspace (treewatch), skipping
// the directories its ignore rules ignore. The caller closes it.
func (e *Engine) Watch(ctx context.Context, id string) (ChangeWatch, error) {
	rec, err := e.reviewable(id)
	if err != nil {
		return nil, err
	}
	skip, err := e.opts.Git.IgnoredDirectories(ctx, rec.Root)
	if err != nil {
		e.log.Warn("ignored directories unknown; watching them too", "workspace", id, "err", err)
	}
	return startWatch(treewatch.Options{Root: rec.Root, Skip: skip})
}

// WatchMain starts a watcher of the project's main checkout, for the time
// a merge of the workspace is stopped there: the person may resolve or
// commit it by hand, and Changes should follow. The caller closes it.
func (e *Engine) WatchMain(ctx context.Context, id string) (ChangeWatch, error) {
	rec, err := e.reviewable(id)
	if err != nil {
		return nil, err
	}
	if rec.Main || !exists(rec.Repo) {
		return nil, fmt.Errorf("%w: no separate main checkout to watch", ErrMainCheckout)
	}
	skip, err := e.opts.Git.IgnoredDirectories(ctx, rec.Repo)
	if err != nil {
		e.log.Warn("ignored directories of the main checkout unknown; watching them too", "workspace", id, "err", err)
	}
	return startWatch(treewatch.Options{Root: rec.Repo, Skip: skip})
}

// startWatch starts a treewatch watcher as a ChangeWatch (no typed nil on
// failure).
func startWatch(opts treewatch.Options) (ChangeWatch, error) {
	w, err := treewatch.Start(opts)
	if err != nil {
		return nil, err
	}
	return w, nil
}
