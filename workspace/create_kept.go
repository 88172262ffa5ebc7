package workspace

import (
	"context"
	"fmt"
	"strconv"

	"amux.dev/amux/git"
)

// A delete keeps a branch that holds commits merged nowhere (and a
// delete's "uncommitted work saved by delete" commit is one). A new
// workspace of the same name would quietly pick that branch up; instead
// the create dialog says what the branch holds and asks: continue it (the
// saved work comes back as uncommitted changes, as a restore does) or
// start fresh from the base (the old branch moves aside, kept).

// BranchChoice is what a create does with a branch of its name that
// exists already.
type BranchChoice string

// The branch choices of a CreateRequest.
const (
	BranchAttach   BranchChoice = ""         // work on it as it is (the default)
	BranchContinue BranchChoice = "continue" // work on it, amux's saved work turned back into changes
	BranchFresh    BranchChoice = "fresh"    // move it aside (KeptBranch.FreshName) and start from the base
)

// KeptBranch is an existing branch a new workspace's name would take.
type KeptBranch struct {
	Exists bool
	// SavedWork: its tip is amux's commit of the uncommitted work of a
	// delete or shelve (git.IsWIPMessage).
	SavedWork bool
	Subject   string // its tip's first line
	// FreshName is where BranchFresh moves it: the first free of
	// <name>-kept, <name>-kept-2, …
	FreshName string
}

// KeptBranch reports what a branch named like req's workspace holds, when
// one exists; CheckCreate should have passed first.
func (e *Engine) KeptBranch(ctx context.Context, req CreateRequest) (KeptBranch, error) {
	g := e.opts.Git
	repo, err := g.Toplevel(ctx, req.Repo)
	if err != nil {
		return KeptBranch{}, err
	}
	ok, err := g.BranchExists(ctx, repo, req.Name)
	if err != nil || !ok {
		return KeptBranch{}, err
	}
	kb := KeptBranch{Exists: true}
	msg, err := g.TipMessage(ctx, repo, req.Name)
	if err != nil {
		return KeptBranch{}, err
	}
	kb.SavedWork = git.IsWIPMessage(msg)
	kb.Subject = firstLine(msg)
	kb.FreshName, err = e.freeBranchName(ctx, repo, req.Name+"-kept")
	return kb, err
}

// freeBranchName is the first of base, base-2, … that no branch has.
func (e *Engine) freeBranchName(ctx context.Context, repo, base string) (string, error) {
	for n := 1; n < 100; n++ {
		name := base
		if n > 1 {
			name += "-" + strconv.Itoa(n)
		}
		taken, err := e.opts.Git.BranchExists(ctx, repo, name)
		if err != nil {
			return "", err
		}
		if !taken {
			return name, nil
		}
	}
	return "", fmt.Errorf("no free name for the old branch beside %s", base)
}

// moveKeptBranch is BranchFresh's first step: the existing branch moves
// to a free name under the project's git lock, so the create that follows
// makes a new one from the base. Nothing is lost: the old branch is only
// renamed (and stays so if the create fails).
func (e *Engine) moveKeptBranch(ctx context.Context, repo, name string) (string, error) {
	unlock, err := e.gitLock(ctx, repo)
	if err != nil {
		return "", err
	}
	defer unlock()
	ok, err := e.opts.Git.BranchExists(ctx, repo, name)
	if err != nil || !ok {
		return "", err
	}
	to, err := e.freeBranchName(ctx, repo, name+"-kept")
	if err != nil {
		return "", err
	}
	if err := e.opts.Git.RenameBranch(ctx, repo, name, to); err != nil {
		return "", err
	}
	e.log.Info("create workspace: the existing branch moved aside to start fresh", "repo", repo, "branch", name, "now", to)
	return to, nil
}

// continueKept turns the saved work at the attached branch's tip back
// into uncommitted changes. A failure leaves the commit as it is: the
// work is there either way.
func (e *Engine) continueKept(ctx context.Context, rec Record) {
	n, err := e.opts.Git.UnwindWIP(ctx, rec.Root, rec.Branch)
	switch {
	case err != nil:
		e.log.Warn("create workspace: the saved work stays a commit", "workspace", rec.ID, "err", err)
	case n > 0:
		e.log.Info("create workspace: saved work back as uncommitted changes", "workspace", rec.ID, "commits", n)
	}
}

func firstLine(s string) string {
	for i := range len(s) {
		if s[i] == '\n' {
			return s[:i]
		}
	}
	return s
}
