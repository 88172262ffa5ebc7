package git

import (
	"context"
	"strconv"
	"strings"
)

// AtRiskSample is how many paths (per kind) and commit subjects an AtRisk
// summary keeps: enough to recognise the work, few enough to show.
const AtRiskSample = 5

// AtRisk is what removing a work tree, and perhaps its branch, would lose
// or leave behind: the summary a person sees before a shelve or delete.
type AtRisk struct {
	Modified       int      // tracked paths with staged, unstaged or conflicted changes
	ModifiedPaths  []string // the first AtRiskSample of them
	Conflicted     int      // of Modified, the unmerged paths (a stash cannot take them)
	Untracked      int      // untracked paths (a wholly untracked directory counts once); ignored files are not counted
	UntrackedPaths []string // the first AtRiskSample of them ("dir/" for a directory)
	// Unmerged counts commits on the branch that no other local branch, tag
	// or remote-tracking branch contains. They survive a worktree removal
	// (the branch keeps them) but not a branch deletion.
	Unmerged int
	Subjects []string // subjects of the newest AtRiskSample of them
	// Head is the branch checked out in the work tree, "" when HEAD is
	// detached. When it is not the workspace's branch, a WIP commit would
	// land elsewhere, so it is refused.
	Head string
	// Stray counts commits reachable only from a detached HEAD: removing
	// the work tree loses them, and neither a WIP commit nor a stash keeps them.
	Stray int
}

// Dirty reports whether the work tree holds uncommitted changes.
func (a AtRisk) Dirty() bool { return a.Modified+a.Untracked > 0 }

// Lossy reports whether removing the work tree would lose something: an
// uncommitted change or a commit on no branch.
func (a AtRisk) Lossy() bool { return a.Dirty() || a.Stray > 0 }

// AtRisk summarizes what a teardown of the work tree at root would lose:
// uncommitted changes (status, with filters and fsmonitor neutralized like
// every status), commits on branch merged nowhere else, and commits only a
// detached HEAD holds. branch is the workspace's branch; when it does not
// exist, Unmerged is 0.
func (r *Runner) AtRisk(ctx context.Context, root, branch string) (AtRisk, error) {
	if err := checkBranchSyntax(branch); err != nil {
		return AtRisk{}, err
	}
	c, err := r.open(root)
	if err != nil {
		return AtRisk{}, err
	}
	out, err := c.porcelainStatus(ctx)
	if err != nil {
		return AtRisk{}, err
	}
	a, detached := parseAtRisk(string(out))
	if a.Unmerged, a.Subjects, err = c.unmerged(ctx, branch); err != nil {
		return AtRisk{}, err
	}
	if detached {
		if a.Stray, _, err = c.commitsOnlyOn(ctx, "HEAD"); err != nil {
			return AtRisk{}, err
		}
	}
	return a, nil
}

// UnmergedCommits counts the commits on branch in repo that no other local
// branch, tag or remote-tracking branch holds, and returns the subjects of
// the newest AtRiskSample of them: what deleting the branch would lose. A
// branch that does not exist has none.
func (r *Runner) UnmergedCommits(ctx context.Context, repo, branch string) (int, []string, error) {
	if err := checkBranchSyntax(branch); err != nil {
		return 0, nil, err
	}
	c, err := r.open(repo)
	if err != nil {
		return 0, nil, err
	}
	return c.unmerged(ctx, branch)
}

func (c *checkout) unmerged(ctx context.Context, branch string) (int, []string, error) {
	ref := "refs/heads/" + branch
	ok, err := c.resolves(ctx, ref+"^{commit}")
	if err != nil || !ok {
		return 0, nil, err
	}
	// Named ref sets, not --all: --all counts every worktree's HEAD, and the
	// workspace's own HEAD is the branch itself.
	return c.commitsOnlyOn(ctx, ref, "--exclude="+branch)
}

// commitsOnlyOn counts the commits reachable from rev and from no branch,
// tag or remote-tracking branch (excludes filter the branches), and returns
// the subjects of the newest few.
func (c *checkout) commitsOnlyOn(ctx context.Context, rev string, excludes ...string) (int, []string, error) {
	set := append(append([]string{rev, "--not"}, excludes...), "--branches", "--tags", "--remotes")
	out, err := c.runRefs(ctx, append([]string{"rev-list", "--count"}, set...)...)
	if err != nil {
		return 0, nil, err
	}
	n, err := strconv.Atoi(strings.TrimSpace(string(out)))
	if err != nil || n == 0 {
		return 0, nil, err
	}
	// %x00 ends each subject: a subject cannot hold NUL, so nothing it says
	// can forge a second entry.
	log := append([]string{"log", "--no-color", "--format=%s%x00", "-n", strconv.Itoa(AtRiskSample)}, set...)
	out, err = c.runRefs(ctx, log...)
	if err != nil {
		return 0, nil, err
	}
	var subjects []string
	for s := range strings.SplitSeq(string(out), "\x00") {
		if s = strings.TrimSpace(s); s != "" {
			subjects = append(subjects, s)
		}
	}
	return n, subjects, nil
}

// parseAtRisk reads `status --porcelain=v2 --branch -z` output into the
// uncommitted part of a summary; detached reports HEAD off any branch.
func parseAtRisk(out string) (a AtRisk, detached bool) {
	recs := strings.Split(out, "\x00")
	for i := 0; i < len(recs); i++ {
		rec := recs[i]
		if rec == "" {
			continue
		}
		switch rec[0] {
		case '#':
			if v, ok := strings.CutPrefix(rec, "# branch.head "); ok {
				if v == "(detached)" {
					detached = true
				} else {
					a.Head = v
				}
			}
		case '1':
			a.Modified++
			a.ModifiedPaths = sample(a.ModifiedPaths, field(rec, 8))
		case '2':
			a.Modified++
			a.ModifiedPaths = sample(a.ModifiedPaths, field(rec, 9))
			i++ // a rename record is followed by the original path
		case 'u':
			a.Modified++
			a.Conflicted++
			a.ModifiedPaths = sample(a.ModifiedPaths, field(rec, 10))
		case '?':
			a.Untracked++
			a.UntrackedPaths = sample(a.UntrackedPaths, field(rec, 1))
		}
	}
	return a, detached
}

// field returns what follows the first n space-separated fields of a
// status record: the path, which may itself hold spaces.
func field(rec string, n int) string {
	parts := strings.SplitN(rec, " ", n+1)
	if len(parts) <= n {
		return ""
	}
	return parts[n]
}

func sample(list []string, p string) []string {
	if len(list) >= AtRiskSample || p == "" {
		return list
	}
	return append(list, p)
}
