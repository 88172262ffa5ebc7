package workspace

import (
	"context"
	"time"

	"amux.dev/amux/config/atomicfile"
	"amux.dev/amux/git"
	"amux.dev/amux/git/udiff"
)

// Git is the part of the hardened git runner (package git's *Runner) the
// engine uses. It is an interface so tests can wrap the real runner to
// inject a failure at an exact point; production passes *git.Runner.
type Git interface {
	Toplevel(ctx context.Context, dir string) (string, error)
	Status(ctx context.Context, root string) (git.StatusSummary, error)
	ResolveBase(ctx context.Context, repo, base string) (string, error)
	ValidateBaseRef(ctx context.Context, repo, ref string) error
	ValidateBranchName(ctx context.Context, repo, name string) error
	BranchExists(ctx context.Context, repo, branch string) (bool, error)
	// CreateWorktree adds a worktree at root on branch, creating the branch
	// from base when it does not exist; createdBranch says which happened
	// (also when it fails part-way, so a rollback knows what it owns).
	CreateWorktree(ctx context.Context, repo, root, branch, base string) (createdBranch bool, err error)
	// RemoveWorktree removes the worktree at root and prunes stale worktree
	// records; a root already gone only prunes (idempotent).
	RemoveWorktree(ctx context.Context, repo, root string, force bool) error
	// UnlockWorktree lifts the lock a killed `worktree add` leaves, so a
	// rollback can remove and prune that worktree.
	UnlockWorktree(ctx context.Context, repo, root string) error
	DeleteBranch(ctx context.Context, repo, branch string) error
	// DeleteMergedBranch deletes branch only when it is fully merged, so a
	// workspace delete never discards commits that exist nowhere else.
	DeleteMergedBranch(ctx context.Context, repo, branch string) (deleted bool, err error)
	// AtRisk summarizes what removing the worktree at root would lose.
	AtRisk(ctx context.Context, root, branch string) (git.AtRisk, error)
	// UnmergedCommits counts branch's commits no other ref holds.
	UnmergedCommits(ctx context.Context, repo, branch string) (int, []string, error)
	// CommitWIP commits every uncommitted change at root on branch, marked
	// as amux's WIP commit for op; "" when there was nothing to commit.
	CommitWIP(ctx context.Context, root, branch, op string) (commit string, err error)
	// Stash moves every uncommitted change at root, untracked files
	// included, into a stash entry with message.
	Stash(ctx context.Context, root, message string) (stashed bool, err error)
	// UnwindWIP turns amux's WIP commits at branch's tip back into
	// uncommitted changes (idempotent).
	UnwindWIP(ctx context.Context, root, branch string) (int, error)
	// Worktrees lists the repository's working trees, the main one first.
	Worktrees(ctx context.Context, repo string) ([]git.Worktree, error)
	// CurrentBranch is the branch checked out at root (ErrDetachedHead).
	CurrentBranch(ctx context.Context, root string) (string, error)
	// DefaultBranch is the repository's detected default branch.
	DefaultBranch(ctx context.Context, repo string) (string, error)
	// RenameBranch renames a branch; a worktree on it follows.
	RenameBranch(ctx context.Context, repo, old, new string) error
	// TipMessage is the message of branch's tip commit.
	TipMessage(ctx context.Context, repo, branch string) (string, error)
	reviewGit
}

// reviewGit is what reviewing and landing a workspace's work takes from the
// runner (review.go): changes, diffs, staging, commits, merges.
type reviewGit interface {
	Changes(ctx context.Context, root string) (git.Changes, error)
	// CommitsBetween lists base..head of two resolved commit ids.
	CommitsBetween(ctx context.Context, root, base, head string) ([]git.Commit, int, error)
	IgnoredDirectories(ctx context.Context, root string) ([]string, error)
	FileDiff(ctx context.Context, root string, req git.DiffRequest) ([]udiff.File, error)
	StageFile(ctx context.Context, root, path string) error
	UnstageFile(ctx context.Context, root, path string) error
	StageHunk(ctx context.Context, root string, f udiff.File, i int) error
	UnstageHunk(ctx context.Context, root string, f udiff.File, i int) error
	Commit(ctx context.Context, root string, req git.CommitRequest) (string, error)
	LastMessage(ctx context.Context, root string) (string, error)
	PreviewMerge(ctx context.Context, repo, base, branch string) (git.MergePreview, error)
	MergeInto(ctx context.Context, repo, base, branch string) error
	MergeAbort(ctx context.Context, root string) error
	Rebase(ctx context.Context, root, onto string) error
	RebaseAbort(ctx context.Context, root string) error
	// MarkResolved, CommitMerge, RebaseContinue and RebaseSkip finish a
	// stopped landing (landing_finish.go).
	MarkResolved(ctx context.Context, root, path string) error
	CommitMerge(ctx context.Context, root string) (string, error)
	RebaseContinue(ctx context.Context, root string) error
	RebaseSkip(ctx context.Context, root string) error
	Conflicts(ctx context.Context, root string) ([]string, error)
	// Landing reads the merge or rebase stopped at root (and resolves tip)
	// in one git call.
	Landing(ctx context.Context, root, tip string) (git.Landing, error)
	// BranchesAt names the local branches whose tip is commit.
	BranchesAt(ctx context.Context, repo, commit string) ([]string, error)
}

var _ Git = (*git.Runner)(nil)

// deleteOwnedBranch deletes branch if it still exists, so a retried
// teardown (recovery after a crash past this step) does not fail on it.
func deleteOwnedBranch(ctx context.Context, g Git, repo, branch string) error {
	ok, err := g.BranchExists(ctx, repo, branch)
	if err != nil || !ok {
		return err
	}
	return g.DeleteBranch(ctx, repo, branch)
}

// gitLockWait bounds how long a create or delete waits for another amux
// process's worktree operation on the same repository (a checkout of a
// large tree takes seconds, not minutes).
const gitLockWait = 2 * time.Minute

// gitLock takes the per-repo git lock: every worktree add/remove and branch
// delete amux performs on repo happens under it, across processes, so two
// creates (or a create and a rollback) never race inside .git.
func (e *Engine) gitLock(ctx context.Context, repo string) (func(), error) {
	ctx, cancel := context.WithTimeout(ctx, gitLockWait)
	defer cancel()
	return atomicfile.Lock(ctx, e.store.layout.GitLockPath(repo))
}
