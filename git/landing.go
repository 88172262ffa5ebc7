package git

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"amux.dev/amux/config/atomicfile"
)

// Landing is what a checkout's git directory says of a merge or rebase
// stopped there: enough for a caller to tell whose it is, not only that
// one exists.
type Landing struct {
	// MergeHead is the commit a stopped merge is merging in (MERGE_HEAD's
	// first line); "" when no merge is stopped.
	MergeHead string
	// Rebasing reports a stopped rebase (or git am).
	Rebasing bool
	// RebaseBranch is the short name of the branch the stopped rebase
	// replays; "" when it replays a detached HEAD or git am is applying.
	RebaseBranch string
	// Tip is the commit id of the revision Landing was asked to resolve in
	// the same call; "" when none was asked for or it names no commit.
	Tip string
}

// maxStateFile bounds MERGE_HEAD and a rebase's head-name: one line each
// (an octopus merge's MERGE_HEAD a few); anything near this is not git's.
const maxStateFile = 64 << 10

// stateReadTimeout bounds reading one of those files.
const stateReadTimeout = 5 * time.Second

// Landing reads the merge or rebase stopped in the checkout at root, in
// one git call (`rev-parse --git-path` for where git keeps them; the files
// are then read as files amux does not own: no links, regular only,
// capped). When tip is not "", the same call resolves it to a commit id
// (Landing.Tip), so a caller can compare a merge's MERGE_HEAD with a
// branch's tip, or key a cache to a base, without a second process.
func (r *Runner) Landing(ctx context.Context, root, tip string) (Landing, error) {
	if tip != "" {
		if err := checkRefSyntax(tip); err != nil {
			return Landing{}, err
		}
	}
	c, err := r.open(root)
	if err != nil {
		return Landing{}, err
	}
	names := []string{"MERGE_HEAD", "rebase-merge", "rebase-apply"}
	args := []string{"rev-parse", "--path-format=absolute"}
	for _, n := range names {
		args = append(args, "--git-path", n)
	}
	plain := len(args)
	if tip != "" {
		// --verify prints the commit id after the paths; --quiet makes a
		// tip that names nothing exit 1 without a word.
		args = append(args, "--verify", "--quiet", "--end-of-options", tip+"^{commit}")
	}
	out, err := c.runRefs(ctx, args...)
	withTip := tip != ""
	if withTip && exitCode(err) == 1 {
		withTip = false
		out, err = c.runRefs(ctx, args[:plain]...) // the answer of a failed call is not read
	}
	if err != nil {
		return Landing{}, err
	}
	// A path holding a newline would add a line: the count catches it.
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	want := len(names)
	if withTip {
		want++
	}
	if len(lines) != want {
		return Landing{}, fmt.Errorf("git rev-parse --git-path in %s: unexpected answer %q", c.top, out)
	}
	for i, n := range names {
		if filepath.Base(lines[i]) != n || !filepath.IsAbs(lines[i]) {
			return Landing{}, fmt.Errorf("git rev-parse --git-path %s in %s: unexpected answer %q", n, c.top, lines[i])
		}
	}
	var l Landing
	if withTip {
		if l.Tip = lines[len(names)]; !isObjectID(l.Tip) {
			return Landing{}, fmt.Errorf("git rev-parse %s in %s: unexpected answer %q", tip, c.top, l.Tip)
		}
	}
	if l.MergeHead, err = readMergeHead(lines[0]); err != nil {
		return Landing{}, err
	}
	for _, dir := range lines[1:3] {
		if l.Rebasing, l.RebaseBranch, err = readRebase(dir); err != nil || l.Rebasing {
			return l, err
		}
	}
	return l, nil
}

// readStateFile reads one of git's state files at p; a missing one is "".
func readStateFile(p string) (string, error) {
	b, err := atomicfile.ReadRegular(filepath.Dir(p), filepath.Base(p), maxStateFile, stateReadTimeout)
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	return string(b), err
}

// readMergeHead returns the first commit id of the MERGE_HEAD file at p.
func readMergeHead(p string) (string, error) {
	text, err := readStateFile(p)
	if err != nil || text == "" {
		return "", err
	}
	first, _, _ := strings.Cut(text, "\n")
	if !isObjectID(first) {
		return "", fmt.Errorf("%s holds no commit id", p)
	}
	return first, nil
}

// readRebase reports whether dir (rebase-merge or rebase-apply) says a
// rebase is stopped, and which branch it replays. git itself follows a
// link there; so does the report, but only a real directory's head-name is
// read, so a link cannot make a rebase look like some workspace's.
func readRebase(dir string) (bool, string, error) {
	fi, err := os.Lstat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return false, "", nil
	case err != nil:
		return false, "", err
	case fi.Mode()&fs.ModeSymlink != 0:
		st, err := os.Stat(dir)
		return err == nil && st.IsDir(), "", nil
	case !fi.IsDir():
		return false, "", nil
	}
	head, err := readStateFile(filepath.Join(dir, "head-name"))
	if err != nil {
		return true, "", err
	}
	branch, _ := strings.CutPrefix(strings.TrimSpace(head), "refs/heads/")
	if branch == strings.TrimSpace(head) {
		branch = "" // "detached HEAD", or nothing
	}
	return true, branch, nil
}

// isObjectID reports whether s is a full SHA-1 or SHA-256 object id in
// git's lowercase hex.
func isObjectID(s string) bool {
	if len(s) != 40 && len(s) != 64 {
		return false
	}
	for i := range len(s) {
		if c := s[i]; (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// BranchesAt lists the short names of the local branches whose tip is
// commit (a full object id), so a caller can say whose a stopped merge is.
func (r *Runner) BranchesAt(ctx context.Context, repo, commit string) ([]string, error) {
	if !isObjectID(commit) {
		return nil, &RefError{Ref: commit, Reason: "is not a full object id"}
	}
	c, err := r.open(repo)
	if err != nil {
		return nil, err
	}
	out, err := c.runRefs(ctx, "for-each-ref", "--format=%(refname)", "--points-at="+commit, "refs/heads/")
	if err != nil {
		return nil, err
	}
	var names []string
	for line := range strings.Lines(string(out)) {
		if n, ok := strings.CutPrefix(strings.TrimSuffix(line, "\n"), "refs/heads/"); ok && n != "" {
			names = append(names, n)
		}
	}
	return names, nil
}
