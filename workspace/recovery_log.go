package workspace

import "errors"

// The warn-level lines the contract names for a delete or shelve that did
// not finish and for what startup recovery found and did: the i dialog's
// cleanup section reports only a boolean state and points at these for
// the detail (which workspace, which tree, which error, what was done).

// warnInterrupted logs a delete or shelve that stopped after its tombstone.
func (e *Engine) warnInterrupted(op string, rec Record, err error) {
	e.log.Warn("workspace "+op+" interrupted: its tombstone stays and the next start finishes the "+op,
		"workspace", rec.WorkspaceID(), "name", rec.Name, "worktree", rec.Root,
		"worktree_present", exists(rec.Root), "err", err)
}

// recoveryFound logs the marker startup recovery found for id, with the
// workspace's name and tree when its record still loads.
func (e *Engine) recoveryFound(id, what string) {
	args := []any{"workspace", id}
	if rec, err := e.store.Load(id); err == nil {
		args = append(args, "name", rec.Name, "worktree", rec.Root, "worktree_present", exists(rec.Root))
	}
	e.log.Warn("startup recovery: found "+what, args...)
}

// recoveryDone logs what startup recovery did about one interrupted
// operation (what names it: "the interrupted delete"), or why it did
// nothing: another amux owns it, or the finish failed and the marker stays
// for the next start.
func (e *Engine) recoveryDone(id, what, did string, err error) {
	switch {
	case errors.Is(err, errBusy):
		e.log.Warn("startup recovery: "+what+" left alone: another running amux owns it", "workspace", id)
	case err != nil:
		e.log.Warn("startup recovery: "+what+" not finished; retried on the next start", "workspace", id, "err", err)
	default:
		e.log.Warn("startup recovery: "+what+": "+did, "workspace", id)
	}
}
