package git

import (
	"context"
	"fmt"
	"strings"
	"unicode"
)

// Toplevel returns the root of the work tree containing dir. A directory
// outside any work tree yields an error wrapping ErrNotRepo; one whose .git
// holds a forged commondir yields ErrForgedCommondir.
func (r *Runner) Toplevel(ctx context.Context, dir string) (string, error) {
	c, err := r.open(dir)
	if err != nil {
		return "", err
	}
	// locate found a .git entry; ask git whether it is a real repository.
	// The answer is the pinned work tree, never a delivered core.worktree.
	out, err := c.runRefs(ctx, "rev-parse", "--show-toplevel")
	if err != nil {
		if exitCode(err) == 128 {
			return "", fmt.Errorf("%s: %w: %w", dir, ErrNotRepo, err)
		}
		return "", err
	}
	return strings.TrimRight(string(out), "\n"), nil
}

// CurrentBranch returns the short name of the branch checked out in the
// work tree at root, or ErrDetachedHead.
func (r *Runner) CurrentBranch(ctx context.Context, root string) (string, error) {
	c, err := r.open(root)
	if err != nil {
		return "", err
	}
	return c.currentBranch(ctx)
}

func (c *checkout) currentBranch(ctx context.Context) (string, error) {
	// The full ref, not --short: --short disambiguates against tags and
	// could return "heads/main".
	out, err := c.runRefs(ctx, "symbolic-ref", "--quiet", "HEAD")
	if exitCode(err) == 1 {
		return "", ErrDetachedHead
	}
	if err != nil {
		return "", err
	}
	name, ok := strings.CutPrefix(strings.TrimRight(string(out), "\n"), "refs/heads/")
	if !ok {
		return "", ErrDetachedHead
	}
	return name, nil
}

// BranchExists reports whether refs/heads/<branch> exists in repo.
func (r *Runner) BranchExists(ctx context.Context, repo, branch string) (bool, error) {
	if err := checkBranchSyntax(branch); err != nil {
		return false, err
	}
	c, err := r.open(repo)
	if err != nil {
		return false, err
	}
	return c.resolves(ctx, "refs/heads/"+branch+"^{commit}")
}

// hasNoCommits reports whether no ref of the repository names an object:
// a fresh `git init` with nothing committed.
func (c *checkout) hasNoCommits(ctx context.Context) (bool, error) {
	out, err := c.runRefs(ctx, "for-each-ref", "--count=1", "--format=%(objectname)")
	if err != nil {
		return false, err
	}
	return strings.TrimSpace(string(out)) == "", nil
}

// resolves reports whether rev names an object; exit 1 is git's quiet "no".
func (c *checkout) resolves(ctx context.Context, rev string) (bool, error) {
	_, err := c.runRefs(ctx, "rev-parse", "--verify", "--quiet", "--end-of-options", rev)
	if exitCode(err) == 1 {
		return false, nil
	}
	return err == nil, err
}

// ValidateBaseRef checks that ref can serve as the base of a new branch: it
// must not look like an option, must hold no whitespace or control
// characters and no "..", and must resolve to a commit in repo. The
// syntactic checks run before any git process.
func (r *Runner) ValidateBaseRef(ctx context.Context, repo, ref string) error {
	if err := checkRefSyntax(ref); err != nil {
		return err
	}
	c, err := r.open(repo)
	if err != nil {
		return err
	}
	return c.validateCommit(ctx, ref)
}

func (c *checkout) validateCommit(ctx context.Context, ref string) error {
	ok, err := c.resolves(ctx, ref+"^{commit}")
	if err != nil {
		return err
	}
	if !ok {
		return &RefError{Ref: ref, Reason: "does not name a commit in this repository"}
	}
	return nil
}

// checkRefSyntax refuses refs that are unsafe to hand to git as a revision
// argument or that cannot name a single commit.
func checkRefSyntax(ref string) error {
	switch {
	case ref == "":
		return &RefError{Ref: ref, Reason: "empty"}
	case strings.HasPrefix(ref, "-"):
		return &RefError{Ref: ref, Reason: "must not start with '-'"}
	case strings.IndexFunc(ref, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) >= 0:
		return &RefError{Ref: ref, Reason: "contains whitespace or control characters"}
	case strings.Contains(ref, ".."):
		return &RefError{Ref: ref, Reason: "'..' names a range, not a commit"}
	}
	return nil
}

// ValidateBranchName checks that name is a valid, literal branch name
// (check-ref-format --branch). Shorthands git would expand, such as
// @{-1}, are refused: the name must be the branch itself.
func (r *Runner) ValidateBranchName(ctx context.Context, repo, name string) error {
	if err := checkBranchSyntax(name); err != nil {
		return err
	}
	c, err := r.open(repo)
	if err != nil {
		return err
	}
	out, err := c.runRefs(ctx, "check-ref-format", "--branch", name)
	if err != nil {
		if exitCode(err) > 0 {
			return &RefError{Ref: name, Reason: "not a valid branch name"}
		}
		return err
	}
	if got := strings.TrimRight(string(out), "\n"); got != name {
		return &RefError{Ref: name, Reason: fmt.Sprintf("is a shorthand for %q, not a branch name", got)}
	}
	return nil
}

func checkBranchSyntax(name string) error {
	if name == "HEAD" {
		return &RefError{Ref: name, Reason: "HEAD is not a branch name"}
	}
	return checkRefSyntax(name)
}

// DefaultBranch detects repo's default branch: the branch origin/HEAD
// points at, else init.defaultBranch, main or master when present locally,
// else the branch HEAD is on. It returns a short branch name.
func (r *Runner) DefaultBranch(ctx context.Context, repo string) (string, error) {
	c, err := r.open(repo)
	if err != nil {
		return "", err
	}
	return c.defaultBranch(ctx)
}

func (c *checkout) defaultBranch(ctx context.Context) (string, error) {
	out, err := c.runRefs(ctx, "symbolic-ref", "--quiet", "refs/remotes/origin/HEAD")
	if err == nil {
		if name, ok := strings.CutPrefix(strings.TrimSpace(string(out)), "refs/remotes/origin/"); ok && name != "" {
			return name, nil
		}
	} else if exitCode(err) < 0 {
		return "", err // deadline or start failure: do not guess on
	}
	candidates := []string{"main", "master"}
	if out, err := c.runRefs(ctx, "config", "--get", "init.defaultBranch"); err == nil {
		if v := strings.TrimSpace(string(out)); v != "" {
			candidates = append([]string{v}, candidates...)
		}
	}
	patterns := []string{"for-each-ref", "--format=%(refname)"}
	for _, cand := range candidates {
		patterns = append(patterns, "refs/heads/"+cand)
	}
	out, err = c.runRefs(ctx, patterns...)
	if err != nil {
		return "", err
	}
	have := strings.Split(strings.TrimSpace(string(out)), "\n")
	for _, cand := range candidates {
		for _, h := range have {
			if h == "refs/heads/"+cand { // for-each-ref also matches prefixes
				return cand, nil
			}
		}
	}
	name, err := c.currentBranch(ctx)
	if err != nil {
		return "", fmt.Errorf("%w: %w", ErrNoDefaultBranch, err)
	}
	return name, nil
}

// ResolveBase turns the base ref a user typed into the ref a new branch is
// created from. Non-empty input is validated (ValidateBaseRef) and returned
// as given. Empty input resolves to the detected default branch (the local
// branch when it exists, else origin/<name>), falling back to HEAD when
// detection fails.
func (r *Runner) ResolveBase(ctx context.Context, repo, base string) (string, error) {
	if base != "" {
		if err := r.ValidateBaseRef(ctx, repo, base); err != nil {
			return "", err
		}
		return base, nil
	}
	c, err := r.open(repo)
	if err != nil {
		return "", err
	}
	if name, err := c.defaultBranch(ctx); err == nil {
		for _, cand := range []struct{ ref, short string }{
			{"refs/heads/" + name, name},
			{"refs/remotes/origin/" + name, "origin/" + name},
		} {
			ok, err := c.resolves(ctx, cand.ref+"^{commit}")
			if err != nil {
				return "", err
			}
			if ok {
				return cand.short, nil
			}
		}
	}
	if err := c.validateCommit(ctx, "HEAD"); err != nil {
		if empty, eerr := c.hasNoCommits(ctx); eerr == nil && empty {
			return "", ErrEmptyRepo
		}
		return "", fmt.Errorf("no base: default branch not found and %w", err)
	}
	return "HEAD", nil
}
