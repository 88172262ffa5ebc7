package git

import (
	"context"
	"fmt"
	"path/filepath"
)

// UnlockWorktree lifts git's lock on the linked worktree at root. A
// `worktree add` killed part-way leaves its "initializing" lock behind, and
// git neither removes nor prunes a locked worktree, so the branch would stay
// checked out in a worktree that never finished. Only for the rollback of a
// worktree the caller itself added; an error (not locked, not registered)
// is the caller's to ignore. root may already be gone.
func (r *Runner) UnlockWorktree(ctx context.Context, repo, root string) error {
	if !filepath.IsAbs(root) {
		return fmt.Errorf("worktree root %q must be an absolute path", root)
	}
	c, err := r.open(repo)
	if err != nil {
		return err
	}
	_, err = c.runRefs(ctx, "worktree", "unlock", "--", root)
	return err
}
