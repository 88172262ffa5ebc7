package workspace

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"

	"amux.dev/amux/config/atomicfile"
)

// intent is what a create (or a restore) has made so far, kept durable in
// the workspace's metadata directory (.creating / .restoring) from before
// its first git step until the record says the operation is done. Recovery
// reads it to finish the operation or undo exactly what it made.
//
// Ownership is decided before anything is made, under the per-repo git
// lock: a branch that existed before the operation is never its to delete,
// and the worktree directory did not exist (CheckCreate and Restore refuse
// or skip an existing root), so whatever is at Root is the operation's.
type intent struct {
	Owner         owner  `json:"owner"`
	Name          string `json:"name"`
	Repo          string `json:"repo"`
	Root          string `json:"root"`
	Branch        string `json:"branch"`
	Base          string `json:"base"`
	BranchExisted bool   `json:"branch_existed"` // the branch predates the operation: never deleted by its rollback
	WorktreeAdded bool   `json:"worktree_added"` // git worktree add finished (the checkout is complete)
	CreatedBranch bool   `json:"created_branch"` // that worktree add created the branch
}

// readIntent loads an intent file. ok is false when there is none; an
// intent that cannot be decoded is an error, never a guess at what to undo.
func readIntent(path string) (in intent, ok bool, err error) {
	data, err := atomicfile.ReadState(path)
	if errors.Is(err, fs.ErrNotExist) {
		return intent{}, false, nil
	}
	if err != nil {
		return intent{}, true, err
	}
	if err := json.Unmarshal(data, &in); err != nil || in.Repo == "" || in.Root == "" || in.Branch == "" {
		return intent{}, true, fmt.Errorf("%w: intent %s", ErrCorrupt, path)
	}
	return in, true, nil
}

// beginIntent records, under the git lock the caller holds, whether the
// branch exists yet, then writes the intent: from here on a crash is
// recoverable.
func (e *Engine) beginIntent(ctx context.Context, obs Observer, op, id, path string, rec Record) (intent, error) {
	existed, err := e.opts.Git.BranchExists(ctx, rec.Repo, rec.Branch)
	if err != nil {
		return intent{}, err
	}
	in := intent{Owner: e.self, Name: rec.Name, Repo: rec.Repo, Root: rec.Root,
		Branch: rec.Branch, Base: rec.Base, BranchExisted: existed}
	if err := e.store.writeMarker(ctx, id, path, in); err != nil {
		return intent{}, fmt.Errorf("write intent: %w", err)
	}
	obs.step(op, StepIntent, id)
	return in, nil
}

// addWorktree runs the git step of a create or restore under its intent
// and records its outcome there. The caller holds the git lock.
func (e *Engine) addWorktree(ctx context.Context, obs Observer, op, id, path string, in *intent) error {
	created, err := e.opts.Git.CreateWorktree(ctx, in.Repo, in.Root, in.Branch, in.Base)
	in.CreatedBranch = created && !in.BranchExisted
	if err != nil {
		return err
	}
	obs.step(op, StepWorktree, id)
	in.WorktreeAdded = true
	if err := e.store.writeMarker(ctx, id, path, *in); err != nil {
		return fmt.Errorf("update intent: %w", err)
	}
	obs.step(op, StepIntentUpdated, id)
	return nil
}
