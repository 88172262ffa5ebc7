package workspace

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"
)

// Teardown step names, reported to a WithStepObserver observer after each completes.
const (
	StepTombstone      = "tombstone"       // .deleting (delete) or .shelving (shelve) written
	StepDrain          = "drain"           // gate seized, lifecycle processes cancelled and drained
	StepKillRuns       = "kill-runs"       // hosted run sessions and the local run slot killed
	StepArchive        = "archive"         // archive script run (or skipped)
	StepRemoveWorktree = "remove-worktree" // worktree removed (branch deleted when owned)
	StepRemoveRecord   = "remove-record"   // metadata directory removed (delete) / shelved flag set
)

// DeleteOptions adjust a delete or shelve.
type DeleteOptions struct {
	// KeepBranch keeps the branch even when amux created it. (Delete removes
	// a branch only when the workspace created it; shelve never does.)
	KeepBranch bool
	// SkipArchive tears down without the archive script — the answer when
	// the repo's archive script is untrusted and the user will not approve it.
	SkipArchive bool
	// Dirty says what to do with uncommitted work in the worktree. The zero
	// value refuses to lose any: the teardown stops before the removal
	// with an *AtRiskError. It is recorded before the teardown starts.
	Dirty DirtyChoice
	// Observe is told about each step as it completes (nil: nobody).
	Observe Observer
}

// TeardownResult reports what a delete or shelve did besides succeeding.
type TeardownResult struct {
	Archive    ScriptResult
	ArchiveErr error // the archive script failed; the teardown went on
	// ArchiveSkipped says why no archive script ran although the teardown
	// would have run one: the repository's scripts file cannot be used
	// (ErrRepoScripts). A broken file never blocks a teardown.
	ArchiveSkipped error
	// BranchKept is set when the workspace's own branch was to be deleted
	// but holds commits merged nowhere, so it was kept.
	BranchKept bool
	// Work says what happened to uncommitted work ("" when there was none
	// or it was discarded as chosen).
	Work string
}

// Delete removes a workspace in the contract's order: write the .deleting
// tombstone; seize the admission gate (new lifecycle starts now fail with
// ErrWorkspaceTeardown) and cancel and drain running lifecycle processes;
// kill hosted run sessions and the local run slot; run archive; keep or
// discard uncommitted work as opts.Dirty says; remove the worktree (and the
// branch, when this workspace created it and nothing else holds its
// commits); remove the record. If a step fails, the gate reopens, the tombstone stays, and the
// workspace reports "interrupted" or "pending" until Recover finishes it.
//
// An untrusted repo archive script stops the delete before anything
// happens, with an *UntrustedError; approve it or pass SkipArchive. So does
// uncommitted work opts.Dirty cannot keep, with an *AtRiskError; the choice
// is recorded before the tombstone, so recovery applies it too. A repo
// scripts file that cannot be used skips the archive (ArchiveSkipped).
func (e *Engine) Delete(ctx context.Context, id string, opts DeleteOptions) (res TeardownResult, err error) {
	name := e.workspaceName(id)
	defer func() { e.logTeardown("delete workspace", id, name, opts, res, err) }()
	rec, arch, skipped, err := e.prepareTeardown(id, opts)
	if err != nil {
		return TeardownResult{}, err
	}
	if opts.KeepBranch && rec.CreatedBranch {
		// Give up ownership of the branch in the record first, so a recovery
		// finishing this delete after a crash keeps it too.
		if rec, err = e.store.Update(ctx, id, func(r *Record) error { r.CreatedBranch = false; return nil }); err != nil {
			return TeardownResult{}, err
		}
	}
	if rec, err = e.prepareWork(ctx, rec, opts.Dirty); err != nil {
		return TeardownResult{}, err
	}
	if err := e.store.writeMarker(ctx, id, e.store.layout.TombstoneFile(id), tombstone{Owner: e.self}); err != nil {
		return TeardownResult{}, fmt.Errorf("delete %s: mark it as being deleted: %w", id, err)
	}
	opts.Observe.step("delete", StepTombstone, id)
	release, err := e.gates.seize(ctx, id)
	if err != nil {
		e.warnInterrupted(OpDelete, rec, err)
		return TeardownResult{}, err
	}
	res, err = e.teardown(ctx, opts.Observe, "delete", rec, arch, rec.CreatedBranch)
	res.ArchiveSkipped = skipped
	if err == nil {
		err = e.store.remove(ctx, id)
	}
	if err != nil {
		e.forgetClean(ctx, id)
		release()
		e.warnInterrupted(OpDelete, rec, err)
		return res, fmt.Errorf("delete %s interrupted (retried on next start): %w", id, err)
	}
	opts.Observe.step("delete", StepRemoveRecord, id)
	e.gates.forget(id)
	return res, nil
}

// Shelve tears a workspace down like Delete — gate, drain, kill runs,
// archive, uncommitted work, remove the worktree — but keeps the record
// (flagged shelved) and the branch, so Restore can bring it back. Like a
// delete it first writes a tombstone (.shelving): a shelve interrupted after
// that is finished by Recover, so a record never claims a worktree that is
// gone.
func (e *Engine) Shelve(ctx context.Context, id string, opts DeleteOptions) (res TeardownResult, err error) {
	defer func() { e.logTeardown("shelve workspace", id, e.workspaceName(id), opts, res, err) }()
	rec, arch, skipped, err := e.prepareTeardown(id, opts)
	if err != nil {
		return TeardownResult{}, err
	}
	if rec.Shelved {
		return TeardownResult{}, fmt.Errorf("%w: %s", ErrShelved, id)
	}
	if rec, err = e.prepareWork(ctx, rec, opts.Dirty); err != nil {
		return TeardownResult{}, err
	}
	if err := e.store.writeMarker(ctx, id, e.store.layout.ShelvingFile(id), tombstone{Owner: e.self}); err != nil {
		return TeardownResult{}, fmt.Errorf("shelve %s: mark it as being shelved: %w", id, err)
	}
	opts.Observe.step("shelve", StepTombstone, id)
	release, err := e.gates.seize(ctx, id)
	if err != nil {
		e.warnInterrupted(OpShelve, rec, err)
		return TeardownResult{}, fmt.Errorf("shelve %s interrupted (finished on next start): %w", id, err)
	}
	defer release()
	res, err = e.teardown(ctx, opts.Observe, "shelve", rec, arch, false)
	res.ArchiveSkipped = skipped
	if err == nil {
		err = e.markShelved(ctx, opts.Observe, "shelve", id)
	}
	if err != nil {
		e.forgetClean(ctx, id)
		e.warnInterrupted(OpShelve, rec, err)
		return res, fmt.Errorf("shelve %s interrupted (finished on next start): %w", id, err)
	}
	return res, nil
}

// markShelved is a shelve's last step: the record says shelved, then the
// tombstone goes.
func (e *Engine) markShelved(ctx context.Context, obs Observer, op, id string) error {
	if _, err := e.store.setShelved(ctx, id, true); err != nil {
		return err
	}
	obs.step(op, StepRemoveRecord, id)
	return e.store.removeMarker(ctx, id, e.store.layout.ShelvingFile(id))
}

// prepareTeardown loads the record and resolves the archive script before
// anything changes, so an untrusted archive refuses the whole operation.
// A repo scripts file that cannot be used is no reason to keep a workspace
// the person wants gone: the archive is skipped, and skipped says why.
func (e *Engine) prepareTeardown(id string, opts DeleteOptions) (rec Record, arch *Script, skipped, err error) {
	rec, err = e.store.Load(id)
	if err != nil {
		return Record{}, nil, nil, err
	}
	if rec.Main || sameDir(rec.Root, rec.Repo) {
		return Record{}, nil, nil, fmt.Errorf("%w: %s is the project's main checkout; close its sessions or forget it instead", ErrMainCheckout, rec.Root)
	}
	if opts.SkipArchive || rec.Shelved {
		return rec, nil, nil, nil // a shelved workspace has no tree to archive
	}
	sc, ok, err := e.trustedScript(rec, KindArchive)
	if errors.Is(err, ErrRepoScripts) {
		e.log.Warn("workspace archive script skipped", "workspace", id, "err", err)
		return rec, nil, err, nil
	}
	if err != nil {
		return Record{}, nil, nil, err
	}
	if !ok {
		return rec, nil, nil, nil
	}
	return rec, &sc, nil, nil
}

// teardown runs the steps after the gate is seized (drain included in the
// seize): kill runs, archive, the recorded choice for uncommitted work
// (rec.DirtyChoice), remove the worktree and, when deleteBranch, the branch.
func (e *Engine) teardown(ctx context.Context, obs Observer, op string, rec Record, arch *Script, deleteBranch bool) (TeardownResult, error) {
	id := rec.WorkspaceID()
	var res TeardownResult
	obs.step(op, StepDrain, id)
	if err := e.StopRuns(ctx, id); err != nil {
		return res, err
	}
	// Agents write into the tree too: none may outlive its removal.
	if err := e.StopSessions(ctx, id); err != nil {
		return res, err
	}
	obs.step(op, StepKillRuns, id)
	rec, err := e.checkWorkStopped(ctx, rec)
	if err != nil {
		return res, err
	}
	if arch != nil && exists(rec.Root) {
		res.Archive, res.ArchiveErr = e.runScript(ctx, rec, *arch, nil)
		if res.ArchiveErr != nil {
			if ctx.Err() != nil {
				return res, res.ArchiveErr
			}
			e.log.Warn("workspace archive script failed; teardown continues", "workspace", id, "err", res.ArchiveErr)
		}
	}
	obs.step(op, StepArchive, id)
	// After archive, which may write into the tree, and before the removal.
	force, work, err := e.keepWork(ctx, op, rec)
	if err != nil {
		return res, err
	}
	res.Work = work
	kept, err := e.removeWorktree(ctx, rec, deleteBranch, force)
	if err != nil {
		return res, err
	}
	res.BranchKept = kept
	obs.step(op, StepRemoveWorktree, id)
	return res, nil
}

// removeWorktree removes the worktree (when present) and, when asked, the
// branch if it is fully merged, under the per-repo git lock. kept reports a
// branch left in place because it holds unmerged commits. Only force
// (the person chose to discard the work) removes a tree git calls unclean;
// otherwise git's own refusal is the last guard against losing work.
func (e *Engine) removeWorktree(ctx context.Context, rec Record, deleteBranch, force bool) (kept bool, err error) {
	unlock, err := e.gitLock(ctx, rec.Repo)
	if err != nil {
		return false, err
	}
	defer unlock()
	// Called even when the root is gone: it then prunes the stale worktree
	// record, without which git would still consider the branch checked out.
	if err := e.opts.Git.RemoveWorktree(ctx, rec.Repo, rec.Root, force); err != nil {
		return false, err
	}
	if !deleteBranch {
		return false, nil
	}
	ok, err := e.opts.Git.BranchExists(ctx, rec.Repo, rec.Branch)
	if err != nil || !ok {
		return false, err
	}
	deleted, err := e.opts.Git.DeleteMergedBranch(ctx, rec.Repo, rec.Branch)
	if err == nil && !deleted {
		e.log.Warn("workspace branch has unmerged commits; kept", "workspace", rec.WorkspaceID(), "branch", rec.Branch)
	}
	return err == nil && !deleted, err
}

// exists reports whether path is present (anything but "not exist" counts:
// when unsure, do not skip a removal step).
func exists(path string) bool {
	_, err := os.Lstat(path)
	return !errors.Is(err, fs.ErrNotExist)
}

// teardownTimeout bounds recovery's finish of one interrupted delete.
const teardownTimeout = 5 * time.Minute
