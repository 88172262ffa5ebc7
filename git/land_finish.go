package git

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"time"

	"amux.dev/amux/config/atomicfile"
)

// Finishing a merge or rebase that stopped on conflicts, the way a person
// does it by hand: resolve each file, mark it resolved (stage it), then
// continue (a merge commits; a rebase replays the rest), skip the commit a
// rebase stopped on, or abort (MergeAbort, RebaseAbort).

// ErrUnresolved means files still conflict: the merge or rebase cannot go
// on until each is resolved and marked so.
var ErrUnresolved = errors.New("files still conflict")

// ErrMarkersLeft means a file marked resolved still holds conflict
// markers: staging it would commit them.
var ErrMarkersLeft = errors.New("conflict markers left in the file")

// ErrNothingStopped means no merge or rebase is stopped in the checkout.
var ErrNothingStopped = errors.New("no merge or rebase is stopped here")

// maxMarkerScan bounds the conflict-marker check of a file marked
// resolved; a larger file is staged without it (git's own merge output is
// never that big for a text file a person edits).
const maxMarkerScan = 16 << 20

// markerReadTimeout bounds that read.
const markerReadTimeout = 10 * time.Second

// MarkResolved stages path, one of the unmerged paths of the checkout at
// root, as resolved (`git add`, its removal included). It is refused while
// the file still holds a line starting "<<<<<<< " or ">>>>>>> " (the
// markers git writes), and, like StageFile, when a repo-configured filter
// driver is bound.
func (r *Runner) MarkResolved(ctx context.Context, root, path string) error {
	if !validPathspec(path) {
		return &RefError{Ref: path, Reason: "not a path inside the work tree"}
	}
	c, err := r.open(root)
	if err != nil {
		return err
	}
	out, err := c.run(ctx, "ls-files", "-u", "-z", "--", ":(literal)"+path)
	if err != nil {
		return err
	}
	if len(out) == 0 {
		return fmt.Errorf("%s is not a conflicting file of %s", path, c.top)
	}
	data, err := atomicfile.ReadRegular(c.top, path, maxMarkerScan, markerReadTimeout)
	var refused *atomicfile.RefusedError
	switch {
	case err == nil && hasMarkers(data):
		return fmt.Errorf("%w: %s still has <<<<<<< or >>>>>>> lines; resolve them first", ErrMarkersLeft, path)
	case err != nil && !errors.Is(err, fs.ErrNotExist) && !errors.As(err, &refused):
		return err // a removed file is a resolution; a link or an oversized file is staged unread
	}
	if err := c.refuseDrivers(ctx, writeScope{index: true, worktree: true}); err != nil {
		return err
	}
	_, err = c.run(ctx, "add", "--all", "--", ":(literal)"+path)
	return err
}

// hasMarkers reports a line that opens or closes a conflict as git writes
// it (the ======= between them alone is too common in text to count).
func hasMarkers(data []byte) bool {
	for line := range bytes.Lines(data) {
		if bytes.HasPrefix(line, []byte("<<<<<<< ")) || bytes.HasPrefix(line, []byte(">>>>>>> ")) {
			return true
		}
	}
	return false
}

// unresolved refuses to go on while any path is unmerged, naming them.
func (c *checkout) unresolved(ctx context.Context) error {
	out, err := c.run(ctx, "ls-files", "-u", "-z")
	if err != nil {
		return err
	}
	if paths := unmergedPaths(out); len(paths) > 0 {
		return fmt.Errorf("%w: %s; resolve each and mark it resolved first", ErrUnresolved, strings.Join(paths, ", "))
	}
	return nil
}

// CommitMerge concludes the merge stopped at root once every conflict is
// marked resolved: `git commit --no-edit` with git's prepared merge
// message, hooks and signing off. It returns the merge commit's id.
func (r *Runner) CommitMerge(ctx context.Context, root string) (string, error) {
	c, err := r.open(root)
	if err != nil {
		return "", err
	}
	if ok, err := c.resolves(ctx, "MERGE_HEAD"); err != nil {
		return "", err
	} else if !ok {
		return "", ErrNothingStopped
	}
	if err := c.unresolved(ctx); err != nil {
		return "", err
	}
	if _, err := c.run(ctx, "commit", "--quiet", "--no-edit", "--no-verify", "--no-gpg-sign", "--cleanup=strip"); err != nil {
		return "", err
	}
	out, err := c.runRefs(ctx, "rev-parse", "--verify", "HEAD")
	return strings.TrimSpace(string(out)), err
}

// RebaseContinue goes on with the rebase stopped at root once every
// conflict is marked resolved: the stopped commit is made with its own
// message and the rest are replayed. RebaseSkip drops the stopped commit
// instead and replays the rest. Either may stop again on the next
// commit's conflicts (an error wrapping ErrMergeConflict). Replaying runs
// the merge machinery, so both are refused like Rebase when a driver is
// bound by HEAD, the original branch, the index or the work tree; hooks
// and editors stay off.
func (r *Runner) RebaseContinue(ctx context.Context, root string) error {
	return r.rebaseStep(ctx, root, "--continue")
}

// RebaseSkip is RebaseContinue dropping the commit the rebase stopped on.
func (r *Runner) RebaseSkip(ctx context.Context, root string) error {
	return r.rebaseStep(ctx, root, "--skip")
}

func (r *Runner) rebaseStep(ctx context.Context, root, step string) error {
	c, err := r.open(root)
	if err != nil {
		return err
	}
	if !c.rebasing(ctx) {
		return ErrNothingStopped
	}
	if step == "--continue" {
		if err := c.unresolved(ctx); err != nil {
			return err
		}
	}
	ws := writeScope{trees: []treeish{rev("HEAD")}, index: true, worktree: true, merge: true}
	if ok, _ := c.resolves(ctx, "ORIG_HEAD^{commit}"); ok {
		ws.trees = append(ws.trees, rev("ORIG_HEAD"))
	}
	if err := c.refuseDrivers(ctx, ws); err != nil {
		return err
	}
	args, err := c.identity(ctx)
	if err != nil {
		return err
	}
	args = append(args, "-c", "rebase.autoStash=false", "-c", "rebase.updateRefs=false", "rebase", step)
	_, err = c.invoke(ctx, invocation{keepStdout: true, args: args})
	if err != nil && c.rebasing(ctx) {
		if inConflict, _ := c.hasUnmerged(ctx); inConflict {
			return fmt.Errorf("%w: %w", ErrMergeConflict, err)
		}
	}
	return err
}

// hasUnmerged reports unmerged paths in the checkout.
func (c *checkout) hasUnmerged(ctx context.Context) (bool, error) {
	out, err := c.run(ctx, "ls-files", "-u", "-z")
	return len(out) > 0, err
}
