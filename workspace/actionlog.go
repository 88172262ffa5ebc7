package workspace

import (
	"context"
	"errors"

	"amux.dev/amux/git"
)

// Every change a person asks for — create, delete, shelve, restore,
// commit, merge, rebase and the steps that finish or abort them,
// approvals — leaves one line in amux's log: info when it worked, warn
// when it did not, with the workspace and the outcome, so the log answers
// "what did amux do to my repository, and when" beside the warnings.

// logAction records the end of action on workspace id: its outcome, err's
// text when it failed, and attrs (key, value pairs) that say what it did.
func (e *Engine) logAction(action, id string, err error, attrs ...any) {
	args := append([]any{"workspace", id}, attrs...)
	if !hasKey(attrs, "name") {
		if name := e.workspaceName(id); name != "" {
			args = append(args, "name", name)
		}
	}
	switch {
	case err == nil:
		e.log.Info(action, append(args, "outcome", "done")...)
	case errors.Is(err, git.ErrMergeConflict):
		e.log.Info(action, append(args, "outcome", "stopped on conflicts")...)
	case errors.Is(err, context.Canceled):
		e.log.Warn(action, append(args, "outcome", "cancelled", "err", err.Error())...)
	default:
		e.log.Warn(action, append(args, "outcome", "failed", "err", err.Error())...)
	}
}

// workspaceName is id's name for the log, "" when its record is gone (a
// finished delete) or never was.
func (e *Engine) workspaceName(id string) string {
	if id == "" {
		return ""
	}
	rec, err := e.store.Load(id)
	if err != nil {
		return ""
	}
	return rec.Name
}

// hasKey reports whether the key, value pairs attrs name key.
func hasKey(attrs []any, key string) bool {
	for i := 0; i < len(attrs); i += 2 {
		if k, ok := attrs[i].(string); ok && k == key {
			return true
		}
	}
	return false
}

// logTeardown records a delete's or a shelve's end: what it did with the
// work, the branch and the archive script besides.
func (e *Engine) logTeardown(action, id, name string, opts DeleteOptions, res TeardownResult, err error) {
	attrs := []any{"name", name, "uncommitted", string(opts.Dirty)}
	if res.Work != "" {
		attrs = append(attrs, "work", res.Work)
	}
	if res.BranchKept {
		attrs = append(attrs, "branch", "kept: it has unmerged commits")
	}
	switch {
	case opts.SkipArchive:
		attrs = append(attrs, "archive", "skipped as asked")
	case res.ArchiveErr != nil:
		attrs = append(attrs, "archive", "failed: "+res.ArchiveErr.Error())
	case res.ArchiveSkipped != nil:
		attrs = append(attrs, "archive", "skipped: "+res.ArchiveSkipped.Error())
	}
	e.logAction(action, id, err, attrs...)
}

// trust records the person's approval of exactly sc for rec's project,
// and logs it: an approval lets repository code run.
func (e *Engine) trust(ctx context.Context, rec Record, sc Script) error {
	err := e.store.Trust(ctx, rec.Repo, sc)
	e.logAction("approve "+string(sc.Kind)+" script", rec.WorkspaceID(), err, "name", rec.Name, "repo", rec.Repo, "hash", sc.Hash)
	return err
}
