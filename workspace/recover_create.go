package workspace

import (
	"context"
	"errors"
	"path/filepath"
	"time"

	"amux.dev/amux/config/procid"
)

// recoverCreate settles an interrupted create from its intent. A create
// whose record was written is done: only the intent is dropped (and the
// project registered, a step the crash may have cut off). Without a record
// the create is rolled back: the worktree and metadata go, and the branch
// unless it existed before the create. rolledBack says which happened.
func (e *Engine) recoverCreate(ctx context.Context, obs Observer, id string) (rolledBack bool, err error) {
	path := e.store.layout.CreatingFile(id)
	in, ok, err := readIntent(path)
	if err != nil || !ok {
		return false, err
	}
	if in.Owner.running(e.self) {
		return false, errBusy // a create still under way
	}
	ctx, cancel := context.WithTimeout(ctx, teardownTimeout)
	defer cancel()
	unlock, err := e.gitLock(ctx, in.Repo)
	if err != nil {
		return false, err
	}
	defer unlock()
	if _, ok, _ := readIntent(path); !ok {
		return false, nil // settled by someone else while we waited for the lock
	}
	if exists(e.store.layout.RecordFile(id)) {
		if _, err := e.store.AddProject(ctx, in.Repo, ""); err != nil {
			e.log.Warn("startup recovery: project not registered", "repo", in.Repo, "err", err)
		}
		return false, e.store.removeMarker(ctx, id, path)
	}
	e.waitTreeQuiet(ctx, in.Root)
	if err := e.undoCreate(ctx, id, in); err != nil {
		return false, err
	}
	obs.step("recover", StepIntent, id)
	return true, nil
}

// recoverRestore settles an interrupted restore from its intent. finished
// is true when the worktree add had completed, so the restore is finished
// (the record stops saying shelved; setup-workspace does not run unasked);
// false when it was undone, leaving the workspace shelved.
func (e *Engine) recoverRestore(ctx context.Context, obs Observer, id string) (finished bool, err error) {
	path := e.store.layout.RestoringFile(id)
	in, ok, err := readIntent(path)
	if err != nil || !ok {
		return false, err
	}
	if in.Owner.running(e.self) {
		return false, errBusy
	}
	ctx, cancel := context.WithTimeout(ctx, teardownTimeout)
	defer cancel()
	rec, err := e.store.Load(id)
	switch {
	case errors.Is(err, ErrNotFound):
		// No record to restore into: the re-added worktree is an orphan.
	case err != nil:
		return false, err
	case !rec.Shelved:
		return true, e.store.removeMarker(ctx, id, path) // only the intent's removal was cut off
	case in.WorktreeAdded:
		_, err := e.finishRestore(ctx, obs, "recover", id)
		return err == nil, err
	}
	unlock, err := e.gitLock(ctx, in.Repo)
	if err != nil {
		return false, err
	}
	defer unlock()
	e.waitTreeQuiet(ctx, in.Root)
	return false, e.undoRestore(ctx, id, in)
}

// quietWait bounds how long recovery waits for what still works inside a
// half-made tree before removing it.
const quietWait = 30 * time.Second

// waitTreeQuiet waits until no process works inside root. Before a create
// or restore finished, only the git it started can be in there: `worktree
// add` checks out through a child (`git reset --hard`) that keeps writing
// after its parent died with amux; removing the tree while it still creates
// entries can fail and leave the undo to the start after. Waiting, not
// killing: the tree is ours, but a process found there need not be.
func (e *Engine) waitTreeQuiet(ctx context.Context, root string) {
	dir := realPath(root)
	deadline := time.Now().Add(quietWait)
	for len(procid.InDir(dir)) > 0 && time.Now().Before(deadline) && ctx.Err() == nil {
		time.Sleep(20 * time.Millisecond)
	}
}

// realPath resolves symlinks in path, or in its parent when path is gone,
// as the kernel names directories.
func realPath(path string) string {
	if p, err := filepath.EvalSymlinks(path); err == nil {
		return p
	}
	if p, err := filepath.EvalSymlinks(filepath.Dir(path)); err == nil {
		return filepath.Join(p, filepath.Base(path))
	}
	return path
}
