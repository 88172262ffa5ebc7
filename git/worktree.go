package git

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// CreateWorktree checks out branch in a new linked worktree at root (an
// absolute path that must not exist yet or be empty). When branch does not
// exist it is created from base (`worktree add -b`; an empty base resolves
// as ResolveBase does); when it exists it is attached as is and base is
// ignored. Names are validated and driver refusal runs on the exact tree
// being checked out before anything is written.
//
// createdBranch reports whether branch exists now because of this call, even
// when err is non-nil: the caller's rollback (RemoveWorktree, and
// DeleteBranch only when createdBranch) depends on it. There is no rollback
// here; the caller holds the per-repository lock it must run under.
func (r *Runner) CreateWorktree(ctx context.Context, repo, root, branch, base string) (createdBranch bool, err error) {
	if !filepath.IsAbs(root) {
		return false, fmt.Errorf("worktree root %q must be an absolute path", root)
	}
	if err := checkBranchSyntax(branch); err != nil {
		return false, err
	}
	if base != "" {
		if err := checkRefSyntax(base); err != nil {
			return false, err
		}
	}
	if err := r.ValidateBranchName(ctx, repo, branch); err != nil {
		return false, err
	}
	c, err := r.open(repo)
	if err != nil {
		return false, err
	}
	ref := "refs/heads/" + branch
	exists, err := c.resolves(ctx, ref)
	if err != nil {
		return false, err
	}
	if exists {
		if err := c.refuseDrivers(ctx, writeScope{trees: []treeish{rev(ref)}}); err != nil {
			return false, err
		}
		// The short name, so git checks the branch out instead of detaching
		// at its commit.
		_, err := c.run(ctx, "worktree", "add", "--", root, branch)
		return false, err
	}

	if base == "" {
		if base, err = r.ResolveBase(ctx, repo, ""); err != nil {
			return false, err
		}
	} else if err := c.validateCommit(ctx, base); err != nil {
		return false, err
	}
	// Pin the base to one commit so the tree we inspect is the tree git
	// writes, whatever happens to the ref meanwhile.
	out, err := c.runRefs(ctx, "rev-parse", "--verify", "--end-of-options", base+"^{commit}")
	if err != nil {
		return false, err
	}
	commit := strings.TrimSpace(string(out))
	if err := c.refuseDrivers(ctx, writeScope{trees: []treeish{{rev: commit, name: base}}}); err != nil {
		return false, err
	}
	// --no-track: a base like origin/main must not become the upstream a
	// later push would target.
	_, err = c.run(ctx, "worktree", "add", "--no-track", "-b", branch, "--", root, commit)
	if err == nil {
		return true, nil
	}
	// worktree add creates the branch before checking out; if the checkout
	// failed the branch may still be ours to delete.
	// Ask even when ctx has expired, briefly: a wrong answer here would
	// leak a branch or delete one that is not ours.
	checkCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	if now, rerr := c.resolves(checkCtx, ref); rerr == nil && now {
		return true, err
	}
	return false, err
}

// RemoveWorktree removes the linked worktree at root from repo and prunes
// stale worktree records. force removes a worktree with local changes. A
// root that no longer exists only prunes, so rollback and recovery can call
// it again safely.
func (r *Runner) RemoveWorktree(ctx context.Context, repo, root string, force bool) error {
	if !filepath.IsAbs(root) {
		return fmt.Errorf("worktree root %q must be an absolute path", root)
	}
	c, err := r.open(repo)
	if err != nil {
		return err
	}
	real, err := filepath.EvalSymlinks(root)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		// Nothing on disk: only the record can be left.
	case err != nil:
		return err
	default:
		inv := invocation{args: []string{"worktree", "remove"}}
		if force {
			inv.args = append(inv.args, "--force")
		}
		inv.args = append(inv.args, "--", real)
		// Without --force git runs status inside the worktree, whose own
		// config.worktree may define filters of its own.
		if inv.filters, err = r.worktreeFilters(ctx, real); err != nil {
			return err
		}
		if _, err := c.invoke(ctx, inv); err != nil {
			return err
		}
	}
	_, err = c.runRefs(ctx, "worktree", "prune")
	return err
}

// worktreeFilters returns the repo-configured filters seen from inside the
// worktree at dir, or none when dir is not a work tree of its own.
func (r *Runner) worktreeFilters(ctx context.Context, dir string) ([]string, error) {
	if r.opts.AllowRepoCode {
		return nil, nil
	}
	wc, err := r.open(dir)
	if err != nil || wc.top != dir {
		return nil, nil // not a work tree root: git will refuse it itself
	}
	d, err := wc.driverConfig(ctx)
	if err != nil {
		return nil, err
	}
	return d.repoFilters, nil
}

// DeleteBranch deletes branch from repo even if unmerged. git still refuses
// a branch checked out in any worktree. Callers delete only branches they
// created (see CreateWorktree's createdBranch).
func (r *Runner) DeleteBranch(ctx context.Context, repo, branch string) error {
	if err := checkBranchSyntax(branch); err != nil {
		return err
	}
	c, err := r.open(repo)
	if err != nil {
		return err
	}
	_, err = c.runRefs(ctx, "branch", "-D", "--", branch)
	return err
}

// DeleteMergedBranch deletes branch only when every commit on it is
// reachable from some other ref (another branch, a tag, a remote-tracking
// branch): removing a workspace never throws away work that exists nowhere
// else. A branch with such commits is kept and reported with deleted=false.
// The stash does not count as a holder: an entry made on the branch has its
// tip as a parent, yet dropping the entry would drop the commits with it.
// It decides from `rev-list`, never from git's (localized) messages.
func (r *Runner) DeleteMergedBranch(ctx context.Context, repo, branch string) (deleted bool, err error) {
	if err := checkBranchSyntax(branch); err != nil {
		return false, err
	}
	c, err := r.open(repo)
	if err != nil {
		return false, err
	}
	ref := "refs/heads/" + branch
	out, err := c.runRefs(ctx, "rev-list", "--count", ref, "--not", "--exclude="+ref, "--exclude=refs/stash", "--all")
	if err != nil {
		return false, err
	}
	if n := strings.TrimSpace(string(out)); n != "0" {
		return false, nil
	}
	if _, err := c.runRefs(ctx, "branch", "-D", "--", branch); err != nil {
		return false, err
	}
	return true, nil
}

// mergeFilters joins two filter name lists without aliasing either.
func mergeFilters(a, b []string) []string {
	out := slices.Concat(a, b)
	slices.Sort(out)
	return slices.Compact(out)
}
