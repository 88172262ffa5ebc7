package git

import (
	"context"
	"fmt"
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
	return c.commitsIn(ctx, base+"..HEAD")
}

// CommitsBetween is BranchCommits for two commits already resolved (full
// object ids): the commits reachable from head and not from base. Keyed
// by the two ids, its answer never goes stale, so a caller may keep it.
func (r *Runner) CommitsBetween(ctx context.Context, root, base, head string) ([]Commit, int, error) {
	for _, id := range []string{base, head} {
		if !isObjectID(id) {
			return nil, 0, &RefError{Ref: id, Reason: "is not a full object id"}
		}
	}
	c, err := r.open(root)
	if err != nil {
		return nil, 0, err
	}
	return c.commitsIn(ctx, base+".."+head)
}

// commitsIn lists the commits of rng, newest first, and counts them: one
// log of one more than it keeps, and a rev-list --count only when that
// one more exists.
func (c *checkout) commitsIn(ctx context.Context, rng string) ([]Commit, int, error) {
	// NUL ends every field, so a subject cannot forge the next one.
	out, err := c.runRefs(ctx, "log", "--no-color", "-n", strconv.Itoa(MaxBranchCommits+1),
		"--format=%H%x00%h%x00%an%x00%at%x00%s%x00", "--end-of-options", rng, "--")
	if err != nil {
		return nil, 0, err
	}
	list := parseCommits(string(out))
	if len(list) <= MaxBranchCommits {
		return list, len(list), nil
	}
	out, err = c.runRefs(ctx, "rev-list", "--count", "--end-of-options", rng)
	if err != nil {
		return nil, 0, err
	}
	total, err := strconv.Atoi(strings.TrimSpace(string(out)))
	if err != nil {
		return nil, 0, fmt.Errorf("git rev-list --count %s: %w", rng, err)
	}
	return list[:MaxBranchCommits], total, nil
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
