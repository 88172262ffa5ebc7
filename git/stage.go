package git

import (
	"context"
	"errors"
	"strings"

	"amux.dev/amux/git/udiff"
)

// ErrNoHunk means a hunk could not be turned into a patch (binary file, no
// such hunk).
var ErrNoHunk = errors.New("no such hunk")

// StageFile stages one path (`git add`), a removal included. Staging runs
// the path's clean filter, so, like AddAll, it is refused when a
// repo-configured filter driver is bound by the index's or the work tree's
// attributes.
func (r *Runner) StageFile(ctx context.Context, root, path string) error {
	if !validPathspec(path) {
		return &RefError{Ref: path, Reason: "not a path inside the work tree"}
	}
	c, err := r.open(root)
	if err != nil {
		return err
	}
	if err := c.refuseDrivers(ctx, writeScope{index: true, worktree: true}); err != nil {
		return err
	}
	_, err = c.run(ctx, "add", "--all", "--", ":(literal)"+path)
	return err
}

// UnstageFile takes one path's staged change back out of the index, leaving
// the work tree as it is (`git reset -- path`; `git rm --cached` before the
// first commit).
func (r *Runner) UnstageFile(ctx context.Context, root, path string) error {
	if !validPathspec(path) {
		return &RefError{Ref: path, Reason: "not a path inside the work tree"}
	}
	c, err := r.open(root)
	if err != nil {
		return err
	}
	hasHead, err := c.resolves(ctx, "HEAD^{commit}")
	if err != nil {
		return err
	}
	if !hasHead {
		_, err = c.run(ctx, "rm", "--cached", "--quiet", "-r", "--", ":(literal)"+path)
		return err
	}
	_, err = c.run(ctx, "reset", "--quiet", "HEAD", "--", ":(literal)"+path)
	return err
}

// StageHunk stages hunk i of f, a file of the unstaged diff (DiffUnstaged),
// by applying a patch of that hunk alone to the index (`git apply
// --cached`). The work tree is not touched, so no filter runs.
func (r *Runner) StageHunk(ctx context.Context, root string, f udiff.File, i int) error {
	return r.applyHunk(ctx, root, f, i, false)
}

// UnstageHunk takes hunk i of f, a file of the staged diff (DiffStaged), back
// out of the index (`git apply --cached --reverse`).
func (r *Runner) UnstageHunk(ctx context.Context, root string, f udiff.File, i int) error {
	return r.applyHunk(ctx, root, f, i, true)
}

func (r *Runner) applyHunk(ctx context.Context, root string, f udiff.File, i int, reverse bool) error {
	patch, ok := udiff.HunkPatch(f, i)
	if !ok {
		return ErrNoHunk
	}
	for _, p := range []string{f.OldPath, f.NewPath} {
		if p != "" && !validPathspec(p) {
			return &RefError{Ref: p, Reason: "not a path inside the work tree"}
		}
	}
	c, err := r.open(root)
	if err != nil {
		return err
	}
	args := []string{"apply", "--cached", "--whitespace=nowarn", "--recount"}
	if reverse {
		args = append(args, "--reverse")
	}
	args = append(args, "-")
	_, err = c.invoke(ctx, invocation{args: args, stdin: strings.NewReader(patch)})
	return err
}
