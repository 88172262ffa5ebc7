package workspace

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// rollbackTimeout bounds a rollback, which runs even when the caller's
// context is already cancelled: a half-made worktree must not be left.
const rollbackTimeout = time.Minute

// CreateRequest describes a workspace to create.
type CreateRequest struct {
	Repo      string // any directory inside the project's repository
	Name      string // workspace name; the branch gets the same name
	Base      string // optional base ref; empty means the default branch (else HEAD)
	Assistant string // default assistant for the workspace's tabs
	SkipSetup bool   // do not run setup-workspace (the caller will, or never)
	// Branch says what to do with a branch of the name that exists
	// already (KeptBranch tells what it holds).
	Branch BranchChoice
	// Output also receives setup-workspace's output as it is printed — how
	// the create dialog shows the live tail (nil: none). It must tolerate
	// writes from another goroutine; the capped output file is written
	// either way. Across a process boundary the host sends the output in
	// chunks as printed and the caller's side writes them here.
	Output io.Writer
	// Observe is told about each step as it completes (nil: nobody).
	Observe Observer
}

// CreateResult is what Create made. Setup failures do not undo the
// workspace: the worktree and record stay, and SetupErr says what happened
// (an *UntrustedError when the repo's setup script awaits approval; call
// RunSetup after Trust).
type CreateResult struct {
	Workspace Record
	Setup     ScriptResult
	SetupErr  error
}

// Create makes a workspace: it validates the name (the branch name) and the
// base ref before anything runs, adds the worktree under
// <WorktreesDir>/<project>/<name> (creating the branch from the base, or
// attaching the branch when it already exists), writes the record, registers
// the project, and runs setup-workspace. If anything before the record is
// written fails, the worktree is removed under the per-repo git lock and the
// branch is deleted only when this call created it: a pre-existing branch
// always survives a failed create. From before the first git step until the
// record exists a durable intent says what the create made, so a crash in
// between is undone the same way by Recover.
func (e *Engine) Create(ctx context.Context, req CreateRequest) (res CreateResult, err error) {
	defer func() {
		e.logAction("create workspace", res.Workspace.ID, err, "name", req.Name, "repo", req.Repo, "base", req.Base,
			"worktree", res.Workspace.Root, "setup", setupOutcome(res.SetupErr))
	}()
	repo, err := e.CheckCreate(ctx, req)
	if err != nil {
		return CreateResult{}, err
	}
	base := req.Base // validated by CheckCreate
	if base == "" {
		if base, err = e.opts.Git.ResolveBase(ctx, repo, ""); err != nil {
			return CreateResult{}, err
		}
	}
	if req.Branch == BranchFresh {
		if _, err := e.moveKeptBranch(ctx, repo, req.Name); err != nil {
			return CreateResult{}, err
		}
	}
	root := e.worktreeRoot(repo, req.Name)
	id := MintID(repo, root)
	rec, err := e.createLocked(ctx, req.Observe, Record{
		ID: id, Name: req.Name, Branch: req.Name, Base: base, Repo: repo, Root: root,
		Created: time.Now().UTC(), Assistant: req.Assistant,
	})
	if err != nil {
		return CreateResult{}, err
	}
	if req.Branch == BranchContinue && !rec.CreatedBranch {
		e.continueKept(ctx, rec)
	}
	if _, err := e.store.AddProject(ctx, repo, ""); err != nil {
		e.log.Warn("workspace created but project not registered", "repo", repo, "err", err)
	}
	res = CreateResult{Workspace: rec}
	if !req.SkipSetup {
		res.Setup, res.SetupErr = e.runSetup(ctx, id, req.Output)
	}
	return res, nil
}

// CheckCreate validates a create request before anything is written — the
// name (ErrBadName, also for a name git refuses as a branch), the base ref
// when given (a git.ErrInvalidRef error), that there is a base at all when
// none is given (git.ErrEmptyRepo for a repository with no commit) and that neither the workspace nor
// its worktree directory exists yet (ErrExists, ErrDeleting) — and returns
// the repository's top level. Create runs it first; a dialog runs it to
// point at the offending field before committing to the work.
func (e *Engine) CheckCreate(ctx context.Context, req CreateRequest) (repo string, err error) {
	g := e.opts.Git
	if err := ValidateName(req.Name); err != nil {
		return "", err
	}
	if repo, err = g.Toplevel(ctx, req.Repo); err != nil {
		return "", err
	}
	if err := g.ValidateBranchName(ctx, repo, req.Name); err != nil {
		return "", fmt.Errorf("%w: %w", ErrBadName, err)
	}
	recs, _ := e.store.List() // an unreadable record cannot hold the name
	for _, r := range recs {
		if r.Repo == repo && r.Name == req.Name {
			return "", fmt.Errorf("%w: this project has one named %q", ErrExists, req.Name)
		}
	}
	root := e.worktreeRoot(repo, req.Name)
	if err := e.checkFree(MintID(repo, root), root); err != nil {
		return "", err
	}
	if req.Base != "" {
		if err := g.ValidateBaseRef(ctx, repo, req.Base); err != nil {
			return "", fmt.Errorf("%w: %w", ErrBadBase, err)
		}
	} else if _, err := g.ResolveBase(ctx, repo, ""); err != nil {
		return "", err // an empty repository has nothing to branch from
	}
	return repo, nil
}

// worktreeRoot is where a workspace's worktree goes.
func (e *Engine) worktreeRoot(repo, name string) string {
	return filepath.Join(e.opts.WorktreesDir, projectName(repo), name)
}

// checkFree refuses an ID or root already in use before any git runs.
func (e *Engine) checkFree(id, root string) error {
	l := e.store.layout
	switch {
	case exists(l.TombstoneFile(id)):
		return fmt.Errorf("%w: %s (finish or recover it first)", ErrDeleting, id)
	case exists(l.CreatingFile(id)):
		return fmt.Errorf("%w: %s (a create of it is running or was interrupted; the next start undoes it)", ErrExists, id)
	case exists(l.RecordFile(id)):
		return fmt.Errorf("%w: %s", ErrExists, id)
	}
	if _, err := os.Lstat(root); err == nil {
		return &PathTakenError{Path: root}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// Create step names, reported to the request's Observer after each
// completes (a restore reports the first three too).
const (
	StepIntent        = "intent"         // intent written: nothing made yet
	StepWorktree      = "worktree"       // worktree added (the branch with it, when new)
	StepIntentUpdated = "intent-updated" // the intent records the added worktree
	StepRecord        = "record"         // record written; the intent is removed next
)

// createLocked adds the worktree and writes the record under the per-repo
// git lock and a durable intent, rolling back what this create made on
// failure. A crash anywhere in between leaves the intent for Recover.
func (e *Engine) createLocked(ctx context.Context, obs Observer, rec Record) (Record, error) {
	id := rec.WorkspaceID()
	unlock, err := e.gitLock(ctx, rec.Repo)
	if err != nil {
		return Record{}, err
	}
	defer unlock()
	// Checked again under the lock: a concurrent create of the same name
	// may have won, and a rollback must never remove its worktree.
	if err := e.checkFree(id, rec.Root); err != nil {
		return Record{}, err
	}
	path := e.store.layout.CreatingFile(id)
	in, err := e.beginIntent(ctx, obs, "create", id, path, rec)
	if err != nil {
		return Record{}, fmt.Errorf("create %s: %w", rec.Name, err)
	}
	if err = e.addWorktree(ctx, obs, "create", id, path, &in); err == nil {
		rec.CreatedBranch = in.CreatedBranch
		var saved Record
		if saved, err = e.store.Insert(ctx, rec); err == nil {
			obs.step("create", StepRecord, id)
			// The record is the truth now; a leftover intent only tells
			// recovery the create finished.
			if rmErr := e.store.removeMarker(ctx, id, path); rmErr != nil {
				e.log.Warn("workspace created but its intent stays", "workspace", id, "err", rmErr)
			}
			return saved, nil
		}
	}
	made := e.madeBy(ctx, in)
	if rbErr := e.undoCreate(ctx, id, in); rbErr != nil {
		return Record{}, fmt.Errorf("create %s: %w (rollback incomplete, retried on next start: %v)", rec.Name, err, rbErr)
	}
	return Record{}, &RolledBackError{Name: rec.Name, Undone: made, Err: err}
}

// undoCreate rolls back what the create in its intent made, then its
// metadata directory (the intent with it). The caller holds the git lock.
func (e *Engine) undoCreate(ctx context.Context, id string, in intent) error {
	if err := e.rollback(ctx, in); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), rollbackTimeout)
	defer cancel()
	return e.store.remove(ctx, id)
}

// rollback undoes the git steps of a create or restore: the worktree at
// in.Root (ours: the directory did not exist before) and the branch unless
// it existed before. It runs under the git lock the caller holds, even when
// the caller's context is cancelled, and is idempotent, so recovery can
// repeat it after a crash at any point. A worktree add killed part-way
// leaves git's "initializing" lock on the worktree; unlocking it first lets
// the removal and prune through.
func (e *Engine) rollback(ctx context.Context, in intent) error {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), rollbackTimeout)
	defer cancel()
	g := e.opts.Git
	var errs []error
	_ = g.UnlockWorktree(ctx, in.Repo, in.Root) // not locked, or not registered: nothing to unlock
	if err := g.RemoveWorktree(ctx, in.Repo, in.Root, true); err != nil {
		// Not a registered worktree (add failed before registering it), but
		// the directory did not exist before this create: it is ours.
		if rmErr := os.RemoveAll(in.Root); rmErr != nil || exists(in.Root) {
			errs = append(errs, err)
		} else if err := g.RemoveWorktree(ctx, in.Repo, in.Root, true); err != nil {
			errs = append(errs, err) // prunes the record the failed removal left
		}
	}
	if exists(in.Root) {
		// Something still writing there (a checkout git left running) put
		// it back; the next start tries again.
		errs = append(errs, fmt.Errorf("%s reappeared after its removal", in.Root))
	}
	if !in.BranchExisted {
		if err := deleteOwnedBranch(ctx, g, in.Repo, in.Branch); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// setupOutcome is how setup-workspace ended, for the log.
func setupOutcome(err error) string {
	switch {
	case err == nil:
		return "done or none"
	case errors.Is(err, ErrUntrusted):
		return "waits for approval"
	}
	return "failed: " + err.Error()
}
