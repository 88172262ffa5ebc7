package workspace

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"amux.dev/amux/config/atomicfile"
	"amux.dev/amux/tmux"
)

// CleanupState is what the status dialog shows about an unfinished delete
// or shelve. A tombstone is a boolean, so there is no finer stage.
type CleanupState string

// Cleanup states.
const (
	CleanupNone        CleanupState = ""            // nothing pending
	CleanupInterrupted CleanupState = "interrupted" // worktree still there; the workspace is usable
	CleanupPending     CleanupState = "pending"     // worktree gone; the finish is retried on next load
)

// Teardown operations a tombstone can belong to (UnfinishedTeardown).
const (
	OpDelete = "delete"
	OpShelve = "shelve"
)

// CleanupStatus reports whether a delete or shelve of id is unfinished, and
// how far.
func (e *Engine) CleanupStatus(id string) CleanupState {
	_, st := e.UnfinishedTeardown(id)
	return st
}

// UnfinishedTeardown reports which teardown of id left its tombstone (OpDelete
// or OpShelve; a delete wins when both did) and how far it got.
func (e *Engine) UnfinishedTeardown(id string) (op string, st CleanupState) {
	if !ValidID(id) {
		return "", CleanupNone
	}
	switch l := e.store.layout; {
	case exists(l.TombstoneFile(id)):
		op = OpDelete
	case exists(l.ShelvingFile(id)):
		op = OpShelve
	default:
		return "", CleanupNone
	}
	rec, err := e.store.Load(id)
	if err == nil && exists(rec.Root) {
		return op, CleanupInterrupted
	}
	return op, CleanupPending
}

// RecoveryReport lists what Recover did and what it could not. Every slice
// holds workspace IDs.
type RecoveryReport struct {
	Finished   []string         // interrupted deletes completed
	Shelved    []string         // interrupted shelves completed: the record says shelved
	RolledBack []string         // creates cut off before their record: what they made is undone
	Restored   []string         // restores cut off after their worktree add: finished, setup not run
	Unrestored []string         // restores cut off during their worktree add: undone, still shelved
	Reaped     []ReapedProcess  // lifecycle scripts a crash left running, killed before any tree was touched
	Busy       []string         // operations another running amux still owns: left alone
	Failed     map[string]error // left with their tombstone or intent for the next load
}

// RecoverOptions adjust a Recover call.
type RecoverOptions struct {
	Observe Observer // told about each step recovery finishes (nil: none)
}

// errBusy marks an operation another live amux process owns.
var errBusy = errors.New("another amux process owns this operation")

// Recover finishes what a crash interrupted. Call it once at startup,
// before listing workspaces. In order:
//
//   - lifecycle scripts a dead amux left running are killed (whole process
//     groups), before anything touches a worktree;
//   - metadata directories a crashed removal left renamed aside are swept;
//   - a delete (.deleting) is finished from the top;
//   - a shelve (.shelving) is finished from the top and the record marked
//     shelved;
//   - a restore (.restoring) whose worktree add finished is finished (the
//     record stops saying shelved; setup-workspace is not run), one cut off
//     earlier is undone and the workspace stays shelved;
//   - a create (.creating) whose record was written is done (only the
//     intent is dropped); one cut off before is rolled back: its worktree
//     goes, and its branch unless the branch existed before the create.
//     Rolling back is the truthful choice: the create never reported
//     success, nothing of the user's is in the new tree, and finishing it
//     would mean running setup unasked.
//
// Work another running amux owns is left alone. A finish that fails keeps
// its marker and is retried on the next call.
//
// Archive runs again when the worktree is still present and the script is
// trusted (archive scripts must tolerate a second run: a crash may have
// interrupted the first). An untrusted archive is skipped: recovery cannot
// ask, and the user already confirmed the teardown.
func (e *Engine) Recover(ctx context.Context, opts RecoverOptions) (RecoveryReport, error) {
	rep := RecoveryReport{Failed: map[string]error{}}
	rep.Reaped = e.reapOrphans(ctx)
	// Launch payloads a pane never consumed are past their budget by now
	// and hold environment values: sweep them.
	if _, err := tmux.SweepPaneLaunches(e.opts.LaunchTmpDir, time.Now()); err != nil {
		e.log.Warn("startup recovery: sweeping stale launch payloads", "err", err)
	}
	if err := e.store.sweepTrash(); err != nil {
		e.log.Warn("startup recovery: sweeping removed metadata", "err", err)
	}
	entries, err := atomicfile.ReadStateDir(e.store.layout.WorkspacesDir())
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return rep, nil
		}
		return rep, err
	}
	for _, ent := range entries {
		id := ent.Name()
		if !ent.IsDir() || !ValidID(id) {
			continue
		}
		// recoverOne logs each marker it found and what it did about it.
		if err := e.recoverOne(ctx, opts.Observe, id, &rep); errors.Is(err, errBusy) {
			rep.Busy = append(rep.Busy, id)
		} else if err != nil {
			rep.Failed[id] = err
		}
	}
	if len(rep.Failed) > 0 {
		return rep, fmt.Errorf("startup recovery: %d interrupted operation(s) not finished", len(rep.Failed))
	}
	return rep, nil
}

// recoverOne finishes or undoes whatever markers one metadata directory
// holds, logging at warn level what it found and what it did.
func (e *Engine) recoverOne(ctx context.Context, obs Observer, id string, rep *RecoveryReport) error {
	l := e.store.layout
	switch {
	case exists(l.TombstoneFile(id)):
		e.recoveryFound(id, "an interrupted workspace delete (.deleting tombstone)")
		err := e.finishDelete(ctx, obs, id)
		e.recoveryDone(id, "the interrupted delete", "finished: sessions, worktree, the branch it created and the record removed", err)
		if err != nil {
			return err
		}
		rep.Finished = append(rep.Finished, id)
		return nil // the whole directory, every other marker with it, is gone
	case exists(l.ShelvingFile(id)):
		e.recoveryFound(id, "an interrupted workspace shelve (.shelving tombstone)")
		err := e.finishShelve(ctx, obs, id)
		e.recoveryDone(id, "the interrupted shelve", "finished: worktree removed, branch kept, the workspace is shelved", err)
		if err != nil {
			return err
		}
		rep.Shelved = append(rep.Shelved, id)
	}
	if exists(l.RestoringFile(id)) {
		e.recoveryFound(id, "an interrupted restore (.restoring intent)")
		finished, err := e.recoverRestore(ctx, obs, id)
		did := "undone: its worktree add had not finished; the workspace stays shelved"
		if finished {
			did = "finished: the worktree was back; the workspace is restored (setup-workspace did not run)"
		}
		e.recoveryDone(id, "the interrupted restore", did, err)
		if err != nil {
			return err
		}
		if finished {
			rep.Restored = append(rep.Restored, id)
		} else {
			rep.Unrestored = append(rep.Unrestored, id)
		}
	}
	if exists(l.CreatingFile(id)) {
		e.recoveryFound(id, "an interrupted create (.creating intent)")
		rolledBack, err := e.recoverCreate(ctx, obs, id)
		did := "its record was written, so the workspace is kept; the intent was dropped"
		if rolledBack {
			did = "rolled back: its worktree removed, and its branch unless it existed before"
		}
		e.recoveryDone(id, "the interrupted create", did, err)
		if err != nil {
			return err
		}
		if rolledBack {
			rep.RolledBack = append(rep.RolledBack, id)
		}
	}
	return nil
}

// tombstoneBusy reports whether another live amux wrote the tombstone at
// path, so its teardown may still be running.
func (e *Engine) tombstoneBusy(path string) bool {
	var ts tombstone
	ok, _ := readMarker(path, &ts)
	return ok && ts.Owner.elsewhere(e.self)
}

// recoveryArchive is the archive script recovery runs: the trusted one, or
// none (recovery cannot ask for an approval).
func (e *Engine) recoveryArchive(rec Record) *Script {
	sc, ok, err := e.trustedScript(rec, KindArchive)
	if err != nil {
		e.log.Warn("startup recovery: archive skipped", "workspace", rec.WorkspaceID(), "err", err)
		return nil
	}
	if !ok {
		return nil
	}
	return &sc
}

// finishDelete completes one tombstoned delete from the top: the steps are
// idempotent, so running them all again is right whatever step the crash
// interrupted.
func (e *Engine) finishDelete(ctx context.Context, obs Observer, id string) error {
	if e.tombstoneBusy(e.store.layout.TombstoneFile(id)) {
		return errBusy
	}
	ctx, cancel := context.WithTimeout(ctx, teardownTimeout)
	defer cancel()
	rec, err := e.store.Load(id)
	if errors.Is(err, ErrNotFound) {
		return e.store.remove(ctx, id) // the record went first; only litter is left
	}
	if err != nil {
		return err
	}
	release, err := e.gates.seize(ctx, id)
	if err != nil {
		return err
	}
	_, err = e.teardown(ctx, obs, "recover", rec, e.recoveryArchive(rec), rec.CreatedBranch)
	if err == nil {
		err = e.store.remove(ctx, id)
	}
	if err != nil {
		release()
		return err
	}
	obs.step("recover", StepRemoveRecord, id)
	e.gates.forget(id)
	return nil
}

// finishShelve completes one interrupted shelve the same way: the teardown
// again from the top, then the record marked shelved and the tombstone
// removed.
func (e *Engine) finishShelve(ctx context.Context, obs Observer, id string) error {
	path := e.store.layout.ShelvingFile(id)
	if e.tombstoneBusy(path) {
		return errBusy
	}
	ctx, cancel := context.WithTimeout(ctx, teardownTimeout)
	defer cancel()
	rec, err := e.store.Load(id)
	if errors.Is(err, ErrNotFound) {
		return e.store.removeMarker(ctx, id, path) // nothing left to shelve
	}
	if err != nil {
		return err
	}
	if rec.Shelved {
		return e.store.removeMarker(ctx, id, path) // only the tombstone's removal was cut off
	}
	release, err := e.gates.seize(ctx, id)
	if err != nil {
		return err
	}
	defer release()
	if _, err := e.teardown(ctx, obs, "recover", rec, e.recoveryArchive(rec), false); err != nil {
		return err
	}
	return e.markShelved(ctx, obs, "recover", id)
}
