package git

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// ErrWrongCheckout means the main checkout is not ready to take a merge: it
// has another branch checked out, or uncommitted changes to tracked files a
// merge (and its abort) could mix with.
var ErrWrongCheckout = errors.New("checkout not ready for the merge")

// MergePreview is what merging a branch into its base would do, found
// without touching any checkout.
type MergePreview struct {
	UpToDate    bool     // the base already holds every commit of the branch
	FastForward bool     // the base is an ancestor of the branch: no merge commit
	Conflicts   []string // paths that would conflict
	// Exact is false when git is older than 2.38: Conflicts then lists
	// every path both sides changed, a superset of the real conflicts.
	Exact bool
}

// Clean reports whether the merge would apply without conflicts.
func (p MergePreview) Clean() bool { return len(p.Conflicts) == 0 }

// PreviewMerge is the dry run of MergeInto: it merges branch into base in
// memory (`git merge-tree --write-tree`, git 2.38 and later) and lists the
// paths that would conflict; no checkout, index or ref changes. merge-tree
// runs merge drivers, so the same refusals as a merge apply. On an older
// git it falls back to a trivial three-way read of the trees into a
// private index, which cannot merge file contents: Exact is false then.
func (r *Runner) PreviewMerge(ctx context.Context, repo, base, branch string) (MergePreview, error) {
	for _, ref := range []string{base, branch} {
		if err := checkRefSyntax(ref); err != nil {
			return MergePreview{}, err
		}
	}
	c, err := r.open(repo)
	if err != nil {
		return MergePreview{}, err
	}
	for _, ref := range []string{base, branch} {
		if err := c.validateCommit(ctx, ref); err != nil {
			return MergePreview{}, err
		}
	}
	if c.isAncestor(ctx, branch, base) {
		return MergePreview{UpToDate: true, Exact: true}, nil
	}
	if c.isAncestor(ctx, base, branch) {
		return MergePreview{FastForward: true, Exact: true}, nil
	}
	ws := writeScope{trees: []treeish{rev(base), rev(branch)}, index: true, worktree: true, merge: true}
	if err := c.refuseDrivers(ctx, ws); err != nil {
		return MergePreview{}, err
	}
	conflicts, err := c.mergeTreeConflicts(ctx, base, branch)
	if errors.Is(err, errNoWriteTree) {
		conflicts, err = c.trivialMergeConflicts(ctx, base, branch)
		return MergePreview{Conflicts: conflicts}, err
	}
	return MergePreview{Conflicts: conflicts, Exact: true}, err
}

// errNoWriteTree means this git's merge-tree lacks --write-tree.
var errNoWriteTree = errors.New("merge-tree --write-tree unsupported")

func (c *checkout) isAncestor(ctx context.Context, a, b string) bool {
	_, err := c.runRefs(ctx, "merge-base", "--is-ancestor", "--end-of-options", a, b)
	return err == nil
}

// mergeTreeConflicts runs `merge-tree --write-tree -z --name-only`: the new
// tree's id, then each conflicted path, NUL-terminated; exit 1 means
// conflicts. 129 is git's answer to an option it does not know.
func (c *checkout) mergeTreeConflicts(ctx context.Context, base, branch string) ([]string, error) {
	out, err := c.invoke(ctx, invocation{args: []string{"merge-tree", "--write-tree", "-z",
		"--name-only", "--no-messages", "--end-of-options", base, branch}})
	switch code := exitCode(err); {
	case err == nil:
		return nil, nil
	case code == 129:
		return nil, errNoWriteTree
	case code != 1:
		return nil, err
	}
	fields := strings.Split(string(out), "\x00")
	var paths []string
	for _, p := range fields[1:] { // the first field is the tree id
		if p != "" && !slices.Contains(paths, p) {
			paths = append(paths, p)
		}
	}
	return paths, nil
}

// trivialMergeConflicts reads the merge base, base and branch into a
// private index (`read-tree -m --aggressive`) and lists the paths left
// unmerged: every path both sides changed differently.
func (c *checkout) trivialMergeConflicts(ctx context.Context, base, branch string) ([]string, error) {
	out, err := c.runRefs(ctx, "merge-base", "--end-of-options", base, branch)
	if err != nil {
		return nil, err
	}
	mb := strings.TrimSpace(string(out))
	dir, err := os.MkdirTemp("", "amux-merge-preview-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	index := filepath.Join(dir, "index")
	if _, err := c.r.exec(ctx, invocation{top: c.top, indexFile: index,
		args: []string{"read-tree", "-i", "-m", "--aggressive", mb, base, branch}}); err != nil {
		return nil, err
	}
	out, err = c.r.exec(ctx, invocation{top: c.top, indexFile: index, args: []string{"ls-files", "-u", "-z"}})
	if err != nil {
		return nil, err
	}
	return unmergedPaths(out), nil
}

// unmergedPaths reads `ls-files -u -z` records (<mode> <oid> <stage>\t<path>).
func unmergedPaths(out []byte) []string {
	var paths []string
	for rec := range bytes.SplitSeq(out, []byte{0}) {
		_, p, ok := bytes.Cut(rec, []byte{'\t'})
		if ok && len(p) > 0 && !slices.Contains(paths, string(p)) {
			paths = append(paths, string(p))
		}
	}
	return paths
}

// Conflicts lists the unmerged paths of the checkout at root (after a merge
// or rebase stopped).
func (r *Runner) Conflicts(ctx context.Context, root string) ([]string, error) {
	c, err := r.open(root)
	if err != nil {
		return nil, err
	}
	out, err := c.run(ctx, "ls-files", "-u", "-z")
	if err != nil {
		return nil, err
	}
	return unmergedPaths(out), nil
}

// MergeInto merges branch into base in repo, the project's main checkout,
// which must have base checked out and no uncommitted changes to tracked
// files (ErrWrongCheckout otherwise). The merge itself is Merge: driver
// refusals, no editor, hooks off; a conflict leaves the merge in progress
// and returns an error wrapping ErrMergeConflict (list the paths with
// Conflicts, undo with MergeAbort).
func (r *Runner) MergeInto(ctx context.Context, repo, base, branch string) error {
	if err := r.readyForMerge(ctx, repo, base); err != nil {
		return err
	}
	return r.Merge(ctx, repo, branch)
}

func (r *Runner) readyForMerge(ctx context.Context, repo, base string) error {
	c, err := r.open(repo)
	if err != nil {
		return err
	}
	head, err := c.currentBranch(ctx)
	if err != nil && !errors.Is(err, ErrDetachedHead) {
		return err
	}
	if head != base {
		return fmt.Errorf("%w: %s has %s checked out, not %q", ErrWrongCheckout, c.top, headName(head), base)
	}
	dirty, err := c.trackedChanges(ctx)
	if err != nil {
		return err
	}
	if dirty {
		return fmt.Errorf("%w: %s has uncommitted changes; commit or stash them there first", ErrWrongCheckout, c.top)
	}
	return nil
}

// trackedChanges reports staged, unstaged or unmerged changes to tracked
// files (untracked files do not stop a merge unless git says so itself).
func (c *checkout) trackedChanges(ctx context.Context) (bool, error) {
	out, err := c.run(ctx, "status", "--porcelain=v2", "-z", "--untracked-files=no", "--ignore-submodules=dirty")
	if err != nil {
		return false, err
	}
	return len(bytes.TrimSpace(out)) > 0, nil
}

// Rebase replays the branch checked out at root onto onto (`git rebase`),
// the alternative to a merge that keeps history linear. It rewrites files
// and runs the merge machinery, so it is refused like a merge when a
// driver is bound by either tree, the index or the work tree; hooks,
// signing, autostash and editors stay off. The work tree must have no
// uncommitted changes to tracked files. A conflict stops the rebase with
// an error wrapping ErrMergeConflict (RebaseAbort undoes it).
func (r *Runner) Rebase(ctx context.Context, root, onto string) error {
	if err := checkRefSyntax(onto); err != nil {
		return err
	}
	c, err := r.open(root)
	if err != nil {
		return err
	}
	if err := c.validateCommit(ctx, onto); err != nil {
		return err
	}
	if dirty, err := c.trackedChanges(ctx); err != nil {
		return err
	} else if dirty {
		return fmt.Errorf("%w: %s has uncommitted changes; commit or stash them first", ErrWrongCheckout, c.top)
	}
	ws := writeScope{trees: []treeish{rev(onto), rev("HEAD")}, index: true, worktree: true, merge: true}
	if err := c.refuseDrivers(ctx, ws); err != nil {
		return err
	}
	args, err := c.identity(ctx)
	if err != nil {
		return err
	}
	args = append(args, "-c", "rebase.autoStash=false", "-c", "rebase.updateRefs=false",
		"-c", "rebase.autoSquash=false", "rebase", "--quiet", "--end-of-options", onto)
	_, err = c.invoke(ctx, invocation{keepStdout: true, args: args})
	if err != nil && c.rebasing(ctx) {
		return fmt.Errorf("%w: %w", ErrMergeConflict, err)
	}
	return err
}

// rebasing reports whether a rebase is stopped in the checkout.
func (c *checkout) rebasing(ctx context.Context) bool {
	for _, d := range []string{"rebase-merge", "rebase-apply"} {
		out, err := c.runRefs(ctx, "rev-parse", "--path-format=absolute", "--git-path", d)
		if err == nil {
			if _, err := os.Stat(strings.TrimSpace(string(out))); err == nil {
				return true
			}
		}
	}
	return false
}

// RebaseAbort abandons the rebase stopped at root, restoring the branch as
// it was. Restoring checks files out, so it is refused when a
// repo-configured filter driver is bound by HEAD, the index or the work
// tree.
func (r *Runner) RebaseAbort(ctx context.Context, root string) error {
	c, err := r.open(root)
	if err != nil {
		return err
	}
	ws := writeScope{trees: []treeish{rev("HEAD")}, index: true, worktree: true}
	// The abort checks the original branch out again; rebase keeps its tip
	// in ORIG_HEAD.
	if ok, _ := c.resolves(ctx, "ORIG_HEAD^{commit}"); ok {
		ws.trees = append(ws.trees, rev("ORIG_HEAD"))
	}
	if err := c.refuseDrivers(ctx, ws); err != nil {
		return err
	}
	_, err = c.run(ctx, "rebase", "--abort")
	return err
}

// InProgress reports whether a merge or a rebase is stopped at root (one
// git call; Landing says whose).
func (r *Runner) InProgress(ctx context.Context, root string) (merging, rebasing bool, err error) {
	l, err := r.Landing(ctx, root, "")
	return l.MergeHead != "", l.Rebasing, err
}
