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

// Review reads a workspace's changes and branch commits: two git calls for
// the changes (config and status) and a few for the commits, only when
// asked (the app asks when the work tree watcher says something changed).
func (e *Engine) Review(ctx context.Context, id string) (Review, error) {
	rec, err := e.reviewable(id)
	if err != nil {
		return Review{}, err
	}
	g := e.opts.Git
	ch, err := g.Changes(ctx, rec.Root)
	if err != nil {
		return Review{}, err
	}
	r := Review{Changes: ch, Base: rec.Base}
	if rec.Base != "" && !rec.Main {
		// A base that no longer resolves leaves the commits out, not the
		// changes.
		if r.Commits, r.CommitCount, err = g.BranchCommits(ctx, rec.Root, rec.Base); err != nil {
			e.log.Warn("branch commits unavailable", "workspace", id, "err", err)
		}
	}
	if _, rebasing, err := g.InProgress(ctx, rec.Root); err == nil && rebasing {
		r.Landing = "rebase"
		r.Conflicts, _ = g.Conflicts(ctx, rec.Root)
	} else if !rec.Main && exists(rec.Repo) {
		if merging, _, err := g.InProgress(ctx, rec.Repo); err == nil && merging {
			r.Landing = "merge"
			r.Conflicts, _ = g.Conflicts(ctx, rec.Repo)
		}
	}
	return r, nil
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
func (e *Engine) Commit(ctx context.Context, id string, req git.CommitRequest) (string, error) {
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
func (e *Engine) Merge(ctx context.Context, id string) error {
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
func (e *Engine) Rebase(ctx context.Context, id string) error {
	rec, base, err := e.landing(ctx, id)
	if err != nil {
		return err
	}
	return e.opts.Git.Rebase(ctx, rec.Root, base)
}

// AbortLanding abandons the stopped merge (in the main checkout) or rebase
// (in the worktree), whichever Review reports.
func (e *Engine) AbortLanding(ctx context.Context, id string) error {
	rec, err := e.reviewable(id)
	if err != nil {
		return err
	}
	g := e.opts.Git
	if _, rebasing, err := g.InProgress(ctx, rec.Root); err != nil {
		return err
	} else if rebasing {
		return g.RebaseAbort(ctx, rec.Root)
	}
	if merging, _, err := g.InProgress(ctx, rec.Repo); err != nil {
		return err
	} else if merging {
		unlock, err := e.gitLock(ctx, rec.Repo)
		if err != nil {
			return err
		}
		defer unlock()
		return g.MergeAbort(ctx, rec.Repo)
	}
	return errors.New("no merge or rebase of this workspace is stopped")
}

// Watch starts the work tree watcher of a workspace (treewatch), skipping
// the directories its ignore rules ignore. The caller closes it.
func (e *Engine) Watch(ctx context.Context, id string) (*treewatch.Watcher, error) {
	rec, err := e.reviewable(id)
	if err != nil {
		return nil, err
	}
	skip, err := e.opts.Git.IgnoredDirectories(ctx, rec.Root)
	if err != nil {
		e.log.Warn("ignored directories unknown; watching them too", "workspace", id, "err", err)
	}
	return treewatch.Start(treewatch.Options{Root: rec.Root, Skip: skip})
}
