package workspace

import (
	"context"
	"errors"
	"fmt"
	"os"
)

// CleanupState is what the status dialog shows about an unfinished delete.
// The tombstone is a boolean, so there is no finer stage.
type CleanupState string

// Cleanup states.
const (
	CleanupNone        CleanupState = ""            // no delete pending
	CleanupInterrupted CleanupState = "interrupted" // worktree still there; the workspace is usable
	CleanupPending     CleanupState = "pending"     // worktree gone; the finish is retried on next load
)

// CleanupStatus reports whether a delete of id is unfinished, and how far.
func (e *Engine) CleanupStatus(id string) CleanupState {
	if !ValidID(id) || !exists(e.store.layout.TombstoneFile(id)) {
		return CleanupNone
	}
	rec, err := e.store.Load(id)
	if err == nil && exists(rec.Root) {
		return CleanupInterrupted
	}
	return CleanupPending
}

// RecoveryReport lists what Recover finished and what it could not.
type RecoveryReport struct {
	Finished []string         // workspace IDs whose delete completed
	Failed   map[string]error // left with their tombstone for the next load
}

// Recover finishes every interrupted delete (a metadata directory holding a
// .deleting tombstone) and sweeps directories a crashed removal left
// renamed aside. Call it once at startup, before listing workspaces. A
// finish that fails keeps its tombstone and is retried on the next call.
//
// Archive runs again when the worktree is still present and the script is
// trusted (archive scripts must tolerate a second run: a crash may have
// interrupted the first). An untrusted archive is skipped: recovery cannot
// ask, and the user already confirmed the delete.
func (e *Engine) Recover(ctx context.Context) (RecoveryReport, error) {
	rep := RecoveryReport{Failed: map[string]error{}}
	if err := e.store.sweepTrash(); err != nil {
		e.log.Warn("startup recovery: sweeping removed metadata", "err", err)
	}
	entries, err := os.ReadDir(e.store.layout.WorkspacesDir())
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return rep, nil
		}
		return rep, err
	}
	for _, ent := range entries {
		id := ent.Name()
		if !ent.IsDir() || !ValidID(id) || !exists(e.store.layout.TombstoneFile(id)) {
			continue
		}
		if err := e.finishDelete(ctx, id); err != nil {
			e.log.Warn("startup recovery: delete not finished", "workspace", id, "err", err)
			rep.Failed[id] = err
			continue
		}
		rep.Finished = append(rep.Finished, id)
	}
	if len(rep.Failed) > 0 {
		return rep, fmt.Errorf("startup recovery: %d interrupted delete(s) not finished", len(rep.Failed))
	}
	return rep, nil
}

// finishDelete completes one tombstoned delete from the top: the steps are
// idempotent, so running them all again is right whatever step the crash
// interrupted.
func (e *Engine) finishDelete(ctx context.Context, id string) error {
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
	var arch *Script
	if sc, ok, err := e.trustedScript(rec, KindArchive); err != nil {
		e.log.Warn("startup recovery: archive skipped", "workspace", id, "err", err)
	} else if ok {
		arch = &sc
	}
	_, err = e.teardown(ctx, "recover", rec, arch, rec.CreatedBranch)
	if err == nil {
		err = e.store.remove(ctx, id)
	}
	if err != nil {
		release()
		return err
	}
	e.step(ctx, "recover", StepRemoveRecord, id)
	e.gates.forget(id)
	return nil
}
