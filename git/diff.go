package git

import (
	"context"
	"errors"
	"path"
	"strconv"

	"amux.dev/amux/git/udiff"
)

// DiffMode says which two states a diff compares.
type DiffMode uint8

// Diff modes, as the viewer offers them.
const (
	// DiffUnstaged compares the index with the work tree (what `git add`
	// would stage).
	DiffUnstaged DiffMode = iota
	// DiffStaged compares HEAD with the index (what a commit would record).
	DiffStaged
	// DiffBase compares the merge base of the base branch and HEAD with
	// HEAD: the commits a merge would land.
	DiffBase
	// DiffUntracked shows an untracked file as wholly added.
	DiffUntracked
	// DiffConflict compares HEAD with the work tree file, conflict markers
	// and all, for a path a merge left unmerged.
	DiffConflict
	// DiffCommit shows what the commit Base changed (against its first
	// parent).
	DiffCommit
)

// DiffRequest names one diff.
type DiffRequest struct {
	Mode DiffMode
	Base string // the base branch for DiffBase; the commit for DiffCommit
	Path string // limits the diff to one path (required for DiffUntracked)
	// Context is the number of context lines; 0 means git's default of 3.
	Context int
}

// FileDiff returns the parsed diff req names for the work tree at root, at
// most DiffLimit bytes of it; a longer one yields the files and hunks that
// fit with an error wrapping ErrTruncated. External diff commands, textconv
// and repo-configured clean filters never run, and prefixes are fixed.
func (r *Runner) FileDiff(ctx context.Context, root string, req DiffRequest) ([]udiff.File, error) {
	text, err := r.DiffText(ctx, root, req)
	if err != nil && !errors.Is(err, ErrTruncated) {
		return nil, err
	}
	return udiff.Parse(text), err
}

// DiffText is FileDiff's unparsed text.
func (r *Runner) DiffText(ctx context.Context, root string, req DiffRequest) (string, error) {
	c, err := r.open(root)
	if err != nil {
		return "", err
	}
	if req.Path != "" && !validPathspec(req.Path) {
		return "", &RefError{Ref: req.Path, Reason: "not a path inside the work tree"}
	}
	args := []string{"diff", "--no-ext-diff", "--no-textconv", "--no-color",
		"--submodule=short", "--ignore-submodules=dirty", "--find-renames",
		"--src-prefix=a/", "--dst-prefix=b/"}
	if req.Context > 0 {
		args = append(args, "-U"+strconv.Itoa(req.Context))
	}
	switch req.Mode {
	case DiffStaged:
		// Before the first commit git compares the index with the empty tree.
		args = append(args, "--cached")
	case DiffBase:
		if err := checkRefSyntax(req.Base); err != nil {
			return "", err
		}
		if err := c.validateCommit(ctx, req.Base); err != nil {
			return "", err
		}
		args = append(args, "--end-of-options", req.Base+"...HEAD")
	case DiffCommit:
		if err := checkRefSyntax(req.Base); err != nil {
			return "", err
		}
		if err := c.validateCommit(ctx, req.Base); err != nil {
			return "", err
		}
		args = append(args, "--end-of-options", req.Base+"^!")
	case DiffUntracked:
		if req.Path == "" {
			return "", errors.New("untracked diff needs a path")
		}
		if err := c.showable(req.Path); err != nil {
			return "", err
		}
		// --no-index compares two paths outside git's tracking; exit 1
		// only says they differ.
		args = append(args, "--no-index", "--", "/dev/null", req.Path)
		out, err := c.invoke(ctx, invocation{args: args, maxStdout: DiffLimit, truncateOK: true})
		if exitCode(err) == 1 {
			err = nil
		}
		return string(out), err
	case DiffConflict:
		if ok, err := c.resolves(ctx, "HEAD^{commit}"); err != nil {
			return "", err
		} else if ok {
			args = append(args, "HEAD")
		}
	}
	args = append(args, "--")
	if req.Path != "" {
		args = append(args, ":(literal)"+req.Path)
	}
	out, err := c.invoke(ctx, invocation{args: args, maxStdout: DiffLimit, truncateOK: true})
	if err != nil && !errors.Is(err, ErrTruncated) {
		return "", err
	}
	return string(out), err
}

// validPathspec accepts a slash path relative to the work tree that stays
// inside it.
func validPathspec(p string) bool {
	if p == "" || path.IsAbs(p) || p[0] == '-' {
		return false
	}
	c := path.Clean(p)
	return c != ".." && !hasDotDotPrefix(c)
}

func hasDotDotPrefix(p string) bool { return len(p) >= 3 && p[:3] == "../" }
