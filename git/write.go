package git

import (
	"context"
	"fmt"
)

// AddAll stages every change in the work tree at root (`git add -A`). It is
// refused when a repo-configured filter driver is bound by the index's or
// the work tree's attributes, since staging would run its clean command.
func (r *Runner) AddAll(ctx context.Context, root string) error {
	c, err := r.open(root)
	if err != nil {
		return err
	}
	if err := c.refuseDrivers(ctx, writeScope{index: true, worktree: true}); err != nil {
		return err
	}
	_, err = c.run(ctx, "add", "-A")
	return err
}

// Merge merges ref into the branch checked out at root, committing without
// an editor. It is refused when a configured merge driver is bound (by an
// attribute in the incoming tree, HEAD, the index or the work tree, or by
// merge.default) or a repo-configured filter driver is. A merge that stops
// on conflicts returns an error wrapping ErrMergeConflict; MergeAbort
// undoes it.
func (r *Runner) Merge(ctx context.Context, root, ref string) error {
	if err := checkRefSyntax(ref); err != nil {
		return err
	}
	c, err := r.open(root)
	if err != nil {
		return err
	}
	if err := c.validateCommit(ctx, ref); err != nil {
		return err
	}
	ws := writeScope{trees: []treeish{rev(ref), rev("HEAD")}, index: true, worktree: true, merge: true}
	if err := c.refuseDrivers(ctx, ws); err != nil {
		return err
	}
	_, err = c.invoke(ctx, invocation{keepStdout: true,
		args: []string{"merge", "--no-edit", "--no-progress", "--end-of-options", ref}})
	if err != nil && exitCode(err) == 1 {
		if inMerge, _ := c.resolves(ctx, "MERGE_HEAD"); inMerge {
			return fmt.Errorf("%w: %w", ErrMergeConflict, err)
		}
	}
	return err
}

// MergeAbort abandons the merge in progress at root (`git merge --abort`),
// restoring the pre-merge state. Restoring checks files out, so it is
// refused when a repo-configured filter driver is bound by HEAD, the merge
// head, the index or the work tree.
func (r *Runner) MergeAbort(ctx context.Context, root string) error {
	c, err := r.open(root)
	if err != nil {
		return err
	}
	ws := writeScope{trees: []treeish{rev("HEAD")}, index: true, worktree: true}
	inMerge, err := c.resolves(ctx, "MERGE_HEAD")
	if err != nil {
		return err
	}
	if inMerge {
		ws.trees = append(ws.trees, rev("MERGE_HEAD"))
	}
	if err := c.refuseDrivers(ctx, ws); err != nil {
		return err
	}
	_, err = c.run(ctx, "merge", "--abort")
	return err
}
