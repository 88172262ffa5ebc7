package git

import (
	"context"
	"errors"
	"strconv"
	"strings"
)

// DiffLimit caps the text Diff returns; a diff viewer has no use for more,
// and memory must stay flat whatever an agent wrote.
const DiffLimit = 8 << 20

// StatusSummary is the state of one work tree as the sidebar shows it.
type StatusSummary struct {
	Branch     string // "" when Detached
	Detached   bool
	Head       string // commit id, "" before the first commit
	Upstream   string // "" when the branch tracks nothing
	Ahead      int    // commits on the branch not on Upstream
	Behind     int    // commits on Upstream not on the branch
	Dirty      bool   // any staged, unstaged, conflicted or untracked change
	Changed    int    // tracked paths with staged or unstaged changes
	Conflicted int    // unmerged paths
	Untracked  int    // untracked, non-ignored paths
}

// Status summarizes the work tree at root in one `git status` call.
// Repo-configured clean filters and fsmonitor are neutralized (a stat-dirty
// file would otherwise run them), submodules are compared by commit only so
// git never runs inside them, and no index.lock is taken.
func (r *Runner) Status(ctx context.Context, root string) (StatusSummary, error) {
	c, err := r.open(root)
	if err != nil {
		return StatusSummary{}, err
	}
	out, err := c.porcelainStatus(ctx)
	if err != nil {
		return StatusSummary{}, err
	}
	return parseStatus(string(out)), nil
}

func parseStatus(out string) StatusSummary {
	var s StatusSummary
	recs := strings.Split(out, "\x00")
	for i := 0; i < len(recs); i++ {
		rec := recs[i]
		if rec == "" {
			continue
		}
		switch rec[0] {
		case '#':
			s.header(rec)
		case '1':
			s.Changed++
		case '2':
			s.Changed++
			i++ // a rename record is followed by the original path
		case 'u':
			s.Conflicted++
		case '?':
			s.Untracked++
		}
	}
	s.Dirty = s.Changed+s.Conflicted+s.Untracked > 0
	return s
}

func (s *StatusSummary) header(rec string) {
	key, val, _ := strings.Cut(strings.TrimPrefix(rec, "# "), " ")
	switch key {
	case "branch.oid":
		if val != "(initial)" {
			s.Head = val
		}
	case "branch.head":
		if val == "(detached)" {
			s.Detached = true
		} else {
			s.Branch = val
		}
	case "branch.upstream":
		s.Upstream = val
	case "branch.ab":
		a, b, _ := strings.Cut(val, " ")
		s.Ahead, _ = strconv.Atoi(strings.TrimPrefix(a, "+"))
		s.Behind, _ = strconv.Atoi(strings.TrimPrefix(b, "-"))
	}
}

// Diff returns the unified diff of the work tree at root against HEAD
// (staged and unstaged changes; untracked files are not included), at most
// DiffLimit bytes. When the diff is longer it returns the text it kept with
// an error wrapping ErrTruncated. External diff commands, textconv filters
// and repo-configured clean filters never run.
func (r *Runner) Diff(ctx context.Context, root string) (string, error) {
	c, err := r.open(root)
	if err != nil {
		return "", err
	}
	args := []string{"diff", "--no-ext-diff", "--no-textconv", "--no-color",
		"--submodule=short", "--ignore-submodules=dirty",
		// Fixed prefixes: a repo's diff.noprefix or diff.mnemonicPrefix
		// must not change what the viewer parses.
		"--src-prefix=a/", "--dst-prefix=b/"}
	hasHead, err := c.resolves(ctx, "HEAD^{commit}")
	if err != nil {
		return "", err
	}
	if hasHead {
		args = append(args, "HEAD")
	}
	args = append(args, "--")
	out, err := c.invoke(ctx, invocation{args: args, maxStdout: DiffLimit, truncateOK: true})
	if err != nil && !errors.Is(err, ErrTruncated) {
		return "", err
	}
	return string(out), err
}

// porcelainStatus is the one status read Status and AtRisk parse: machine
// format with the branch header, NUL-separated, renames off, submodules by
// commit only, untracked files listed (ignored ones not).
func (c *checkout) porcelainStatus(ctx context.Context) ([]byte, error) {
	return c.run(ctx, "status", "--porcelain=v2", "--branch", "-z",
		"--no-renames", "--ignore-submodules=dirty", "--untracked-files=normal")
}
