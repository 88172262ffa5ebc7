package workspace

import (
	"context"
	"errors"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"amux.dev/amux/git"
)

// twoWorkspaces is a repository whose main changed a.txt after workspaces
// A and B were created; A changed a.txt too (its merge conflicts), B
// changed b.txt only.
func twoWorkspaces(t *testing.T) (e *Engine, repo string, a, b Record) {
	t.Helper()
	ctx := context.Background()
	repo = newRepo(t, map[string]string{"a.txt": "alpha\n", "b.txt": "bravo\n"})
	runGit(t, repo, "config", "user.name", "t")
	runGit(t, repo, "config", "user.email", "t@example.com")
	e = newEngine(t, nil)
	for _, name := range []string{"ws-a", "ws-b"} {
		res, err := e.Create(ctx, CreateRequest{Repo: repo, Name: name, SkipSetup: true})
		if err != nil {
			t.Fatal(err)
		}
		file := "a.txt"
		if name == "ws-b" {
			file = "b.txt"
			b = res.Workspace
		} else {
			a = res.Workspace
		}
		mustWrite(t, filepath.Join(res.Workspace.Root, file), "from "+name+"\n")
		runGit(t, res.Workspace.Root, "commit", "-qam", name+" changes "+file)
	}
	mustWrite(t, filepath.Join(repo, "a.txt"), "alpha from main\n")
	runGit(t, repo, "commit", "-qam", "main changes a")
	return e, repo, a, b
}

// TestAnotherWorkspacesMergeIsNotThisOnes: A's merge stops on a conflict
// in the main checkout. B's review shows no landing, B's abort refuses and
// leaves A's merge alone, naming whose it is; A's review shows it and A's
// abort undoes it.
func TestAnotherWorkspacesMergeIsNotThisOnes(t *testing.T) {
	ctx := context.Background()
	e, repo, a, b := twoWorkspaces(t)
	if err := e.Merge(ctx, a.ID); !errors.Is(err, git.ErrMergeConflict) {
		t.Fatalf("merge A: %v", err)
	}
	aTip := runGit(t, repo, "rev-parse", "refs/heads/"+a.Branch)
	mergeHead := func() string { return runGit(t, repo, "rev-parse", "--verify", "--quiet", "MERGE_HEAD") }
	if r, err := e.Review(ctx, b.ID); err != nil || r.Landing != "" || len(r.Conflicts) != 0 {
		t.Fatalf("B's review shows A's merge: %+v %v", r, err)
	}
	err := e.AbortLanding(ctx, b.ID)
	if !errors.Is(err, ErrNotThisLanding) || !strings.Contains(err.Error(), `"ws-a"`) {
		t.Fatalf("B's abort: %v", err)
	}
	if got := mergeHead(); got != aTip {
		t.Fatalf("MERGE_HEAD after B's abort = %q, want A's tip %q", got, aTip)
	}
	if r, err := e.Review(ctx, a.ID); err != nil || r.Landing != "merge" || !slices.Equal(r.Conflicts, []string{"a.txt"}) {
		t.Fatalf("A's review: %+v %v", r, err)
	}
	if err := e.AbortLanding(ctx, a.ID); err != nil {
		t.Fatalf("A's abort: %v", err)
	}
	if out := runGit(t, repo, "status", "--porcelain", "--untracked-files=no"); out != "" {
		t.Fatalf("main checkout after A's abort: %q", out)
	}
}

// TestAMergeStartedByHandIsNoWorkspaces: the person merges a branch of
// their own in the main checkout; no workspace reports it or aborts it.
func TestAMergeStartedByHandIsNoWorkspaces(t *testing.T) {
	ctx := context.Background()
	e, repo, a, _ := twoWorkspaces(t)
	runGit(t, repo, "checkout", "-q", "-b", "mine", "main~1")
	mustWrite(t, filepath.Join(repo, "a.txt"), "alpha from mine\n")
	runGit(t, repo, "commit", "-qam", "mine changes a")
	runGit(t, repo, "checkout", "-q", "main")
	cmd := runGitMayFail(repo, "merge", "--no-edit", "mine")
	if cmd == nil {
		t.Fatal("the hand merge did not conflict")
	}
	if r, _ := e.Review(ctx, a.ID); r.Landing != "" {
		t.Fatalf("A's review shows the hand merge: %+v", r)
	}
	err := e.AbortLanding(ctx, a.ID)
	if !errors.Is(err, ErrNotThisLanding) || !strings.Contains(err.Error(), `branch "mine"`) {
		t.Fatalf("A's abort of the hand merge: %v", err)
	}
	if runGit(t, repo, "rev-parse", "--verify", "--quiet", "MERGE_HEAD") != runGit(t, repo, "rev-parse", "mine") {
		t.Fatal("the hand merge was aborted")
	}
}

// TestARebaseOfAnotherBranchIsNotThisWorkspaces: a rebase of some other
// branch stopped in A's worktree is not A's landing; A's own rebase is.
func TestARebaseOfAnotherBranchIsNotThisWorkspaces(t *testing.T) {
	ctx := context.Background()
	e, _, a, _ := twoWorkspaces(t)
	runGit(t, a.Root, "checkout", "-q", "-b", "other")
	if runGitMayFail(a.Root, "rebase", "main") == nil {
		t.Fatal("the hand rebase did not conflict")
	}
	if r, _ := e.Review(ctx, a.ID); r.Landing != "" {
		t.Fatalf("A's review shows the rebase of other: %+v", r)
	}
	if err := e.AbortLanding(ctx, a.ID); !errors.Is(err, ErrNotThisLanding) || !strings.Contains(err.Error(), `"other"`) {
		t.Fatalf("A's abort of the rebase of other: %v", err)
	}
	runGit(t, a.Root, "rebase", "--abort")
	runGit(t, a.Root, "checkout", "-q", a.Branch)
	if err := e.Rebase(ctx, a.ID); !errors.Is(err, git.ErrMergeConflict) {
		t.Fatalf("A's rebase: %v", err)
	}
	if r, _ := e.Review(ctx, a.ID); r.Landing != "rebase" || !slices.Equal(r.Conflicts, []string{"a.txt"}) {
		t.Fatalf("A's review during its rebase: %+v", r)
	}
	if err := e.AbortLanding(ctx, a.ID); err != nil {
		t.Fatalf("A's abort of its rebase: %v", err)
	}
	if got := runGit(t, a.Root, "symbolic-ref", "--short", "HEAD"); got != a.Branch {
		t.Fatalf("after the abort the worktree is on %q", got)
	}
}

// runGitMayFail runs the test's own git and returns its error (nil when
// it succeeded).
func runGitMayFail(dir string, args ...string) error {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = gitEnv()
	return cmd.Run()
}

// TestReviewReadsBranchCommitsOnlyWhenATipMoved: a refresh where neither
// the workspace's HEAD nor its base moved runs no git log; a commit on the
// branch, and one on the base, each show at the next refresh.
func TestReviewReadsBranchCommitsOnlyWhenATipMoved(t *testing.T) {
	ctx := context.Background()
	var logs atomic.Int64
	repo := newRepo(t, map[string]string{"a.txt": "alpha\n"})
	e := newEngine(t, func(o *Options) {
		o.Git = git.New(git.Options{Trace: func(c git.Call) {
			if c.Args[0] == "log" || c.Args[0] == "rev-list" {
				logs.Add(1)
			}
		}})
	})
	res, err := e.Create(ctx, CreateRequest{Repo: repo, Name: "feat", SkipSetup: true})
	if err != nil {
		t.Fatal(err)
	}
	id, root := res.Workspace.ID, res.Workspace.Root
	review := func(wantCommits int) {
		t.Helper()
		if r, err := e.Review(ctx, id); err != nil || r.CommitCount != wantCommits || len(r.Commits) != wantCommits {
			t.Fatalf("review: %d commits (%d listed), want %d: %v", r.CommitCount, len(r.Commits), wantCommits, err)
		}
	}
	mustWrite(t, filepath.Join(root, "b.txt"), "bravo\n")
	runGit(t, root, "add", "b.txt")
	runGit(t, root, "commit", "-qm", "add b")
	review(1)
	before := logs.Load()
	mustWrite(t, filepath.Join(root, "a.txt"), "edited, not committed\n")
	review(1)
	if got := logs.Load() - before; got != 0 {
		t.Fatalf("a refresh with both tips unchanged ran %d git log/rev-list", got)
	}
	runGit(t, root, "commit", "-qam", "edit a")
	review(2)
	runGit(t, repo, "merge", "-q", "--ff-only", res.Workspace.Branch)
	review(0)
}
