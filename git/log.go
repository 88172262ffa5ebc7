package git

import (
	"context"
	"strconv"
	"strings"
	"time"
)

// MaxBranchCommits bounds the commits BranchCommits returns; the count is
// exact beyond it.
const MaxBranchCommits = 200

// Commit is one commit as the Changes list shows it.
type Commit struct {
	Hash    string // full id
	Short   string // abbreviated id
	Author  string
	When    time.Time
	Subject string
}

// BranchCommits returns the commits on the branch checked out at root that
// are not on base (`log base..HEAD`), newest first, at most
// MaxBranchCommits of them, and how many there are in all. base is
// validated like any ref a user supplies.
func (r *Runner) BranchCommits(ctx context.Context, root, base string) ([]Commit, int, error) {
	if err := checkRefSyntax(base); err != nil {
		return nil, 0, err
	}
	c, err := r.open(root)
	if err != nil {
		return nil, 0, err
	}
	if err := c.validateCommit(ctx, base); err != nil {
		return nil, 0, err
	}
	if ok, err := c.resolves(ctx, "HEAD^{commit}"); err != nil || !ok {
		return nil, 0, err // no commit yet: nothing on the branch
	}
	rng := base + "..HEAD"
	out, err := c.runRefs(ctx, "rev-list", "--count", "--end-of-options", rng)
	if err != nil {
		return nil, 0, err
	}
	total, _ := strconv.Atoi(strings.TrimSpace(string(out)))
	if total == 0 {
		return nil, 0, nil
	}
	// NUL ends every field, so a subject cannot forge the next one.
	out, err = c.runRefs(ctx, "log", "--no-color", "-n", strconv.Itoa(MaxBranchCommits),
		"--format=%H%x00%h%x00%an%x00%at%x00%s%x00", "--end-of-options", rng, "--")
	if err != nil {
		return nil, 0, err
	}
	return parseCommits(string(out)), total, nil
}

func parseCommits(out string) []Commit {
	f := strings.Split(out, "\x00")
	var list []Commit
	for i := 0; i+4 < len(f); i += 5 {
		hash := strings.TrimLeft(f[i], "\n")
		secs, _ := strconv.ParseInt(f[i+3], 10, 64)
		list = append(list, Commit{Hash: hash, Short: f[i+1], Author: f[i+2], When: time.Unix(secs, 0), Subject: f[i+4]})
	}
	return list
}
