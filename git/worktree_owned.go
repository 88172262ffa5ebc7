package git

import (
	"context"
	"errors"
	"io/fs"
	"path/filepath"
	"strings"
	"time"

	"amux.dev/amux/config/atomicfile"
)

// Bounds on reading a worktree's link files (.git, gitdir, commondir):
// each is one path, and a delivered repository may have put anything there.
const (
	linkFileLimit   = 4096
	linkFileTimeout = 2 * time.Second
)

// markForeign sets NotOurs on each linked entry of list that does not
// belong to the repository whose common directory is common. git builds
// its list from <common>/worktrees/<id>/gitdir, which a delivered
// repository can point anywhere — at another repository, whose files amux
// would then commit and remove as a workspace's. An entry is this
// repository's only when the links agree both ways: the tree's .git is a
// file naming <common>/worktrees/<id>, that folder's gitdir names the
// tree's .git back, and its commondir leads to common.
func markForeign(list []Worktree, common string) {
	realCommon, err := filepath.EvalSymlinks(common)
	for i := range list {
		wt := &list[i]
		if wt.Main || wt.Bare || wt.Prunable {
			continue
		}
		if err != nil {
			wt.NotOurs = "this repository's git folder cannot be resolved (" + err.Error() + ")"
			continue
		}
		wt.NotOurs = foreignReason(wt.Path, realCommon)
	}
}

// foreignReason says why the tree at path is not a linked worktree of the
// repository at common (a resolved path), or "" when it is one.
func foreignReason(path, common string) string {
	data, err := atomicfile.ReadRegular(path, ".git", linkFileLimit, linkFileTimeout)
	if err != nil {
		var r *atomicfile.RefusedError
		if errors.As(err, &r) && strings.Contains(r.Reason, "directory") {
			return "is a repository of its own (its .git is a folder), not a worktree of this one"
		}
		if errors.Is(err, fs.ErrNotExist) {
			return "has no .git file linking it to this repository"
		}
		return "its .git cannot be read: " + err.Error()
	}
	admin, ok := linkTarget(path, data, "gitdir: ")
	if !ok {
		return "its .git file does not name a git folder"
	}
	realAdmin, err := filepath.EvalSymlinks(admin)
	if err != nil || !samePath(filepath.Dir(realAdmin), filepath.Join(common, "worktrees")) {
		return "its .git file points to " + admin + ", not into this repository's worktrees"
	}
	back, err := atomicfile.ReadRegular(realAdmin, "gitdir", linkFileLimit, linkFileTimeout)
	if err != nil {
		return "this repository's record of it cannot be read: " + err.Error()
	}
	if p, ok := linkTarget(realAdmin, back, ""); !ok || !samePath(p, filepath.Join(path, ".git")) {
		return "this repository's record of it (" + filepath.Join(realAdmin, "gitdir") + ") points elsewhere"
	}
	cd, err := atomicfile.ReadRegular(realAdmin, "commondir", linkFileLimit, linkFileTimeout)
	if err != nil {
		return "its git folder has no readable commondir: " + err.Error()
	}
	if p, ok := linkTarget(realAdmin, cd, ""); !ok || !samePath(p, common) {
		return "its commondir leads to " + strings.TrimSpace(string(cd)) + ", not to this repository"
	}
	return ""
}

// linkTarget reads a one-line link file (after prefix), relative to dir.
func linkTarget(dir string, data []byte, prefix string) (string, bool) {
	line, _, _ := strings.Cut(string(data), "\n")
	p, ok := strings.CutPrefix(strings.TrimRight(line, "\r"), prefix)
	if !ok || strings.TrimSpace(p) == "" {
		return "", false
	}
	if !filepath.IsAbs(p) {
		p = filepath.Join(dir, p)
	}
	return filepath.Clean(p), true
}

// samePath reports whether a and b resolve to the same place.
func samePath(a, b string) bool {
	ra, errA := filepath.EvalSymlinks(a)
	rb, errB := filepath.EvalSymlinks(b)
	return errA == nil && errB == nil && ra == rb
}

// commonDir is the repository's common git folder, absolute.
func (c *checkout) commonDir(ctx context.Context) (string, error) {
	out, err := c.runRefs(ctx, "rev-parse", "--git-common-dir")
	if err != nil {
		return "", err
	}
	common := strings.TrimRight(string(out), "\n")
	if !filepath.IsAbs(common) {
		common = filepath.Join(c.top, common)
	}
	return common, nil
}
