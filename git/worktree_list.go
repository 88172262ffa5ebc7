package git

import (
	"context"
	"strings"
)

// Worktree is one entry of a repository's worktree list.
type Worktree struct {
	Path     string
	Head     string // commit id
	Branch   string // short branch name; "" when detached
	Main     bool   // the main working tree (the first entry)
	Bare     bool
	Locked   bool
	Prunable bool // its directory is gone; git would prune the entry
	// NotOurs says why a linked entry does not belong to this repository
	// (its links do not lead back to it); "" when it does.
	NotOurs string
}

// Worktrees lists repo's working trees (`git worktree list --porcelain
// -z`), the main one first. Paths are git's, absolute. Each linked entry
// is checked to be this repository's (see markForeign): NotOurs says why
// one is not.
func (r *Runner) Worktrees(ctx context.Context, repo string) ([]Worktree, error) {
	c, err := r.open(repo)
	if err != nil {
		return nil, err
	}
	out, err := c.runRefs(ctx, "worktree", "list", "--porcelain", "-z")
	if err != nil {
		return nil, err
	}
	list := parseWorktrees(string(out))
	common, err := c.commonDir(ctx)
	if err != nil {
		return nil, err
	}
	markForeign(list, common)
	return list, nil
}

func parseWorktrees(out string) []Worktree {
	var list []Worktree
	var cur *Worktree
	for f := range strings.SplitSeq(out, "\x00") {
		if f == "" { // an empty field ends an entry
			cur = nil
			continue
		}
		key, val, _ := strings.Cut(f, " ")
		if key == "worktree" {
			list = append(list, Worktree{Path: val, Main: len(list) == 0})
			cur = &list[len(list)-1]
			continue
		}
		if cur == nil {
			continue
		}
		switch key {
		case "HEAD":
			cur.Head = val
		case "branch":
			cur.Branch = strings.TrimPrefix(val, "refs/heads/")
		case "bare":
			cur.Bare = true
		case "locked":
			cur.Locked = true
		case "prunable":
			cur.Prunable = true
		}
	}
	return list
}

// RenameBranch renames branch old to new in repo (`git branch -m`); a
// worktree that has it checked out follows. new is validated as a branch
// name first, and an existing branch of that name is never overwritten.
func (r *Runner) RenameBranch(ctx context.Context, repo, old, new string) error {
	if err := checkBranchSyntax(old); err != nil {
		return err
	}
	if err := r.ValidateBranchName(ctx, repo, new); err != nil {
		return err
	}
	c, err := r.open(repo)
	if err != nil {
		return err
	}
	_, err = c.runRefs(ctx, "branch", "-m", "--", old, new)
	return err
}
