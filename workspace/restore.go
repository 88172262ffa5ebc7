package workspace

import (
	"context"
	"fmt"
	"io"
)

// RestoreOptions adjust a Restore.
type RestoreOptions struct {
	SkipSetup bool      // do not run setup-workspace afterwards
	Output    io.Writer // also receives setup-workspace's output as printed (nil: none; remotely, as CreateRequest.Output)
	Observe   Observer  // told about each step as it completes (nil: nobody)
}

// Restore brings a shelved workspace back: the worktree is re-added on its
// branch under a durable intent (.restoring), a WIP commit the shelve made
// is turned back into uncommitted changes, the shelved flag cleared, and
// setup-workspace run unless skipSetup. A directory already at the root is
// kept as the worktree. A failed re-add is rolled back and the workspace
// stays shelved; the branch is deleted only when this restore created it
// (it had been deleted behind amux's back). A crash in between is finished
// or undone by Recover.
func (e *Engine) Restore(ctx context.Context, id string, opts RestoreOptions) (res CreateResult, err error) {
	defer func() { e.logAction("restore workspace", id, err, "setup", setupOutcome(res.SetupErr)) }()
	rec, err := e.store.Load(id)
	if err != nil {
		return CreateResult{}, err
	}
	if !rec.Shelved {
		return CreateResult{}, fmt.Errorf("restore %s: not shelved", id)
	}
	// Admitted like any lifecycle start, so a concurrent delete waits for
	// the worktree to be back (and then removes it) instead of racing it.
	wctx, done, err := e.gates.admit(ctx, id)
	if err != nil {
		return CreateResult{}, err
	}
	defer done()
	// The record says shelved, so a shelve tombstone left here is from a
	// shelve that finished all but its removal.
	if err := e.store.removeMarker(ctx, id, e.store.layout.ShelvingFile(id)); err != nil {
		return CreateResult{}, err
	}
	if err := e.dropUnfinishedRestore(wctx, id); err != nil {
		return CreateResult{}, err
	}
	if !exists(rec.Root) {
		if err := e.restoreWorktree(wctx, opts.Observe, rec); err != nil {
			return CreateResult{}, err
		}
	}
	if rec, err = e.finishRestore(ctx, opts.Observe, "restore", id); err != nil {
		return CreateResult{}, err
	}
	res = CreateResult{Workspace: rec}
	if !opts.SkipSetup {
		res.Setup, res.SetupErr = e.runSetup(ctx, id, opts.Output)
	}
	return res, nil
}

// finishRestore is what a restore does once its worktree is back, shared
// with recovery: the record stops saying shelved, then the intent goes.
func (e *Engine) finishRestore(ctx context.Context, obs Observer, op, id string) (Record, error) {
	rec, err := e.store.Load(id)
	if err != nil {
		return Record{}, err
	}
	// Before the flag flips: a restore (or its recovery) interrupted here is
	// finished again, and the unwind touches only amux's own WIP commit.
	if _, err := e.opts.Git.UnwindWIP(ctx, rec.Root, rec.Branch); err != nil {
		return Record{}, fmt.Errorf("restore %s: turn the WIP commit back into uncommitted changes: %w", rec.Name, err)
	}
	rec, err = e.store.setShelved(ctx, id, false)
	if err != nil {
		return Record{}, err
	}
	obs.step(op, StepRecord, id)
	return rec, e.store.removeMarker(ctx, id, e.store.layout.RestoringFile(id))
}

// restoreWorktree re-adds a shelved workspace's worktree under the git lock
// and the restore's intent, undoing its own git steps on failure.
func (e *Engine) restoreWorktree(ctx context.Context, obs Observer, rec Record) error {
	id := rec.WorkspaceID()
	unlock, err := e.gitLock(ctx, rec.Repo)
	if err != nil {
		return err
	}
	defer unlock()
	if exists(rec.Root) {
		return nil // a concurrent restore brought it back while we waited
	}
	path := e.store.layout.RestoringFile(id)
	in, err := e.beginIntent(ctx, obs, "restore", id, path, rec)
	if err != nil {
		return fmt.Errorf("restore %s: %w", rec.Name, err)
	}
	if err := e.addWorktree(ctx, obs, "restore", id, path, &in); err != nil {
		if rbErr := e.undoRestore(ctx, id, in); rbErr != nil {
			return fmt.Errorf("restore %s: %w (rollback incomplete, retried on next start: %v)", rec.Name, err, rbErr)
		}
		return fmt.Errorf("restore %s: %w", rec.Name, err)
	}
	return nil
}

// dropUnfinishedRestore undoes an earlier restore of id that a crash cut
// off before its worktree add finished, so a half-checked-out tree is never
// taken for the worktree. One whose add finished is left for the caller to
// finish.
func (e *Engine) dropUnfinishedRestore(ctx context.Context, id string) error {
	in, ok, err := readIntent(e.store.layout.RestoringFile(id))
	if err != nil || !ok || in.WorktreeAdded {
		return err
	}
	if in.Owner.elsewhere(e.self) {
		return fmt.Errorf("restore %s: another amux process is restoring it", id)
	}
	unlock, err := e.gitLock(ctx, in.Repo)
	if err != nil {
		return err
	}
	defer unlock()
	return e.undoRestore(ctx, id, in)
}

// undoRestore rolls back a restore's git steps and drops its intent; the
// record stays shelved. The caller holds the git lock.
func (e *Engine) undoRestore(ctx context.Context, id string, in intent) error {
	if err := e.rollback(ctx, in); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), rollbackTimeout)
	defer cancel()
	return e.store.removeMarker(ctx, id, e.store.layout.RestoringFile(id))
}
