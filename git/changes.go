package git

import (
	"context"
	"strings"
)

// MaxChangeEntries bounds how many paths of each group Changes keeps; the
// counts stay exact. An agent that wrote 200,000 files into an untracked
// directory must not make the sidebar hold them all.
const MaxChangeEntries = 5000

// Change is one path in the Changes list.
type Change struct {
	Path     string // slash path relative to the work tree root
	OrigPath string // the path it was renamed or copied from; "" otherwise
	// Code is git's status letter on this side: 'M' modified, 'A' added,
	// 'D' deleted, 'R' renamed, 'C' copied, 'T' type changed, 'U' unmerged,
	// '?' untracked.
	Code byte
}

// Changes is a work tree's state in the groups the sidebar shows. A path
// with staged and unstaged changes appears in both groups.
type Changes struct {
	Branch     string // "" when detached
	Head       string // commit id; "" before the first commit
	Staged     []Change
	Unstaged   []Change
	Untracked  []Change
	Conflicted []Change
	// Counts are exact even when the lists were cut at MaxChangeEntries.
	StagedCount, UnstagedCount, UntrackedCount, ConflictedCount int
}

// Empty reports whether there is nothing to show.
func (c Changes) Empty() bool {
	return c.StagedCount+c.UnstagedCount+c.UntrackedCount+c.ConflictedCount == 0
}

// Changes lists the staged, unstaged, untracked and conflicted paths of the
// work tree at root in one `git status --porcelain=v2 -z` call (renames
// detected, untracked files listed one by one). Like Status it neutralizes
// clean filters and fsmonitor, compares submodules by commit only and takes
// no index.lock.
func (r *Runner) Changes(ctx context.Context, root string) (Changes, error) {
	c, err := r.open(root)
	if err != nil {
		return Changes{}, err
	}
	out, err := c.run(ctx, "status", "--porcelain=v2", "--branch", "-z",
		"--find-renames", "--ignore-submodules=dirty", "--untracked-files=all")
	if err != nil {
		return Changes{}, err
	}
	return parseChanges(string(out)), nil
}

// parseChanges reads porcelain v2 -z records:
//
//	1 XY sub mH mI mW hH hI path
//	2 XY sub mH mI mW hH hI Xscore path NUL origPath
//	u XY sub m1 m2 m3 mW h1 h2 h3 path
//	? path
func parseChanges(out string) Changes {
	var c Changes
	recs := strings.Split(out, "\x00")
	for i := 0; i < len(recs); i++ {
		rec := recs[i]
		if len(rec) < 2 {
			continue
		}
		switch rec[0] {
		case '#':
			var s StatusSummary
			s.header(rec)
			if s.Branch != "" {
				c.Branch = s.Branch
			}
			if s.Head != "" {
				c.Head = s.Head
			}
		case '1':
			if len(rec) > 3 {
				c.add(rec[2], rec[3], field(rec, 8), "")
			}
		case '2':
			orig := ""
			if i+1 < len(recs) {
				orig = recs[i+1]
				i++
			}
			if len(rec) > 3 {
				c.add(rec[2], rec[3], field(rec, 9), orig)
			}
		case 'u':
			c.ConflictedCount++
			c.Conflicted = keep(c.Conflicted, Change{Path: field(rec, 10), Code: 'U'})
		case '?':
			c.UntrackedCount++
			c.Untracked = keep(c.Untracked, Change{Path: rec[2:], Code: '?'})
		}
	}
	return c
}

// add files one ordinary or rename record under the sides it changed on.
func (c *Changes) add(x, y byte, path, orig string) {
	if x != '.' {
		c.StagedCount++
		c.Staged = keep(c.Staged, Change{Path: path, OrigPath: orig, Code: x})
	}
	if y != '.' {
		c.UnstagedCount++
		// The work tree side of a rename is a plain modification of the
		// new path; the rename itself is staged.
		c.Unstaged = keep(c.Unstaged, Change{Path: path, Code: y})
	}
}

func keep(list []Change, ch Change) []Change {
	if len(list) >= MaxChangeEntries || ch.Path == "" {
		return list
	}
	return append(list, ch)
}

// MaxIgnoredDirs bounds IgnoredDirectories' answer.
const MaxIgnoredDirs = 1000

// IgnoredDirectories lists the work tree's ignored directories (by its
// ignore rules: node_modules, build output), as slash paths without the
// trailing slash, at most MaxIgnoredDirs of them: a watcher skips them,
// since nothing in them changes what Changes shows.
func (r *Runner) IgnoredDirectories(ctx context.Context, root string) ([]string, error) {
	c, err := r.open(root)
	if err != nil {
		return nil, err
	}
	out, err := c.run(ctx, "ls-files", "-z", "--others", "--ignored", "--exclude-standard", "--directory", "--no-empty-directory")
	if err != nil {
		return nil, err
	}
	var dirs []string
	for p := range strings.SplitSeq(string(out), "\x00") {
		if d, ok := strings.CutSuffix(p, "/"); ok && d != "" && len(dirs) < MaxIgnoredDirs {
			dirs = append(dirs, d)
		}
	}
	return dirs, nil
}
