package git

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// WIPTrailer is the trailer key that marks amux's WIP commits: the last
// paragraph of their message holds "Amux-WIP: <operation>". Restore looks
// for it to turn such a commit back into uncommitted changes.
const WIPTrailer = "Amux-WIP"

// ErrNotOnBranch means a WIP commit was asked for on a branch the work tree
// does not have checked out (HEAD is detached or on another branch): the
// commit would land where the workspace's branch would not keep it.
var ErrNotOnBranch = errors.New("HEAD is not on the workspace's branch")

// fallbackIdentity is the author and committer of amux's own commits (WIP
// commits, stashes) when the user has configured none: without one, git
// refuses to commit and the work could not be kept at all.
var fallbackIdentity = []string{"-c", "user.name=amux", "-c", "user.email=amux@localhost"}

// wipMessage is the message of a WIP commit made for op ("shelve", "delete").
func wipMessage(op string) string {
	return "amux: uncommitted work saved by " + op + "\n\n" + WIPTrailer + ": " + op + "\n"
}

// IsWIPMessage reports whether a commit message carries amux's WIP trailer
// in its last paragraph. It reads the text itself rather than asking git's
// trailer parser, whose separators a repository's config can change.
func IsWIPMessage(msg string) bool {
	paras := strings.Split(strings.TrimSpace(strings.ReplaceAll(msg, "\r\n", "\n")), "\n\n")
	for line := range strings.Lines(paras[len(paras)-1]) {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), WIPTrailer+":"); ok && strings.TrimSpace(v) != "" {
			return true
		}
	}
	return false
}

// CommitWIP keeps every uncommitted change in the work tree at root as one
// commit on branch, which must be checked out there: `add -A` (untracked
// files included, ignored ones not) and a commit whose message carries the
// WIPTrailer for op. Hooks are skipped and signing is off; the add is
// refused, like AddAll, when a repo-configured filter driver is bound. A
// clean tree makes no commit and returns "". Calling it again after an
// interruption finishes the job (the staged index is committed then).
func (r *Runner) CommitWIP(ctx context.Context, root, branch, op string) (commit string, err error) {
	if err := checkBranchSyntax(branch); err != nil {
		return "", err
	}
	c, err := r.open(root)
	if err != nil {
		return "", err
	}
	head, err := c.currentBranch(ctx)
	if err != nil && !errors.Is(err, ErrDetachedHead) {
		return "", err
	}
	if head != branch {
		return "", fmt.Errorf("%w: %s has %q checked out, not %q; check the branch out or stash instead",
			ErrNotOnBranch, c.top, headName(head), branch)
	}
	if err := c.refuseDrivers(ctx, writeScope{index: true, worktree: true}); err != nil {
		return "", err
	}
	if _, err := c.run(ctx, "add", "-A"); err != nil {
		return "", err
	}
	// Plumbing, so no external diff or textconv runs: exit 1 means staged.
	_, err = c.run(ctx, "diff-index", "--cached", "--quiet", "HEAD", "--")
	if err == nil {
		return "", nil
	}
	if exitCode(err) != 1 {
		return "", err
	}
	args, err := c.identity(ctx)
	if err != nil {
		return "", err
	}
	args = append(args, "commit", "--quiet", "--no-verify", "--no-gpg-sign", "--cleanup=verbatim", "-m", wipMessage(op))
	if _, err := c.run(ctx, args...); err != nil {
		return "", err
	}
	out, err := c.runRefs(ctx, "rev-parse", "--verify", "HEAD")
	return strings.TrimSpace(string(out)), err
}

func headName(branch string) string {
	if branch == "" {
		return "a detached HEAD"
	}
	return branch
}

// UnwindWIP turns amux's WIP commits at the tip of branch, checked out at
// root, back into uncommitted changes: `reset --mixed` to the first parent
// of the oldest one, so their changes stay in the files and what was
// untracked when the commit was made is untracked again. It is idempotent
// (a tip without the trailer is left alone) and safe after an interruption
// (each reset names its target commit, so a rerun goes on from wherever the
// last one got). It does nothing when HEAD is not on branch, and stops at a
// WIP commit without a parent. It returns how many commits it unwound.
func (r *Runner) UnwindWIP(ctx context.Context, root, branch string) (int, error) {
	if err := checkBranchSyntax(branch); err != nil {
		return 0, err
	}
	c, err := r.open(root)
	if err != nil {
		return 0, err
	}
	if head, err := c.currentBranch(ctx); err != nil || head != branch {
		if errors.Is(err, ErrDetachedHead) {
			err = nil
		}
		return 0, err
	}
	target := ""
	n := 0
	// A few stacked WIP commits (a shelve whose restore was interrupted,
	// then shelved again) unwind together; the bound keeps a forged chain
	// from looping.
	for rev := "HEAD"; n < 16; n++ {
		out, err := c.runRefs(ctx, "log", "-1", "--no-color", "--format=%P%x00%B", "--end-of-options", rev)
		if err != nil {
			return 0, err
		}
		parents, msg, _ := strings.Cut(string(out), "\x00")
		first, _, _ := strings.Cut(strings.TrimSpace(parents), " ")
		if !IsWIPMessage(msg) || first == "" {
			break
		}
		target, rev = first, first
	}
	if target == "" {
		return 0, nil
	}
	if _, err := c.run(ctx, "reset", "--quiet", "--mixed", target); err != nil {
		return 0, err
	}
	return n, nil
}

// Stash moves every uncommitted change in the work tree at root, untracked
// files included, into a new stash entry with message (`stash push
// --include-untracked`), leaving the tree clean. The stash lives in the
// repository's shared refs, so it outlives the worktree. Stashing writes
// the tree back to HEAD, so it is refused when a repo-configured filter
// driver is bound by HEAD, the index or the work tree. stashed is false
// when there was nothing to stash.
func (r *Runner) Stash(ctx context.Context, root, message string) (stashed bool, err error) {
	c, err := r.open(root)
	if err != nil {
		return false, err
	}
	if err := c.refuseDrivers(ctx, writeScope{trees: []treeish{rev("HEAD")}, index: true, worktree: true}); err != nil {
		return false, err
	}
	before, err := c.stashTip(ctx)
	if err != nil {
		return false, err
	}
	args, err := c.identity(ctx)
	if err != nil {
		return false, err
	}
	args = append(args, "stash", "push", "--quiet", "--include-untracked", "-m", message)
	if _, err := c.run(ctx, args...); err != nil {
		return false, err
	}
	after, err := c.stashTip(ctx)
	return err == nil && after != before, err
}

// stashTip is the commit refs/stash points at, "" when there is none.
func (c *checkout) stashTip(ctx context.Context) (string, error) {
	out, err := c.runRefs(ctx, "rev-parse", "--verify", "--quiet", "refs/stash")
	if exitCode(err) == 1 {
		return "", nil
	}
	return strings.TrimSpace(string(out)), err
}

// identity returns the -c options amux's own commits need: none when git
// finds an author and committer identity in the user's config, else
// fallbackIdentity.
func (c *checkout) identity(ctx context.Context) ([]string, error) {
	for _, v := range []string{"GIT_AUTHOR_IDENT", "GIT_COMMITTER_IDENT"} {
		if _, err := c.runRefs(ctx, "var", v); err != nil {
			if exitCode(err) < 0 {
				return nil, err // deadline or start failure, not a missing identity
			}
			return fallbackIdentity, nil
		}
	}
	return nil, nil
}
