package git

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestCreateWorktreeNewBranchFromBaseRef(t *testing.T) {
	isolate(t)
	repo := newRepo(t)
	tgit(t, repo, "checkout", "-q", "-b", "release")
	commitFile(t, repo, "release.txt", "r\n")
	releaseHead := tgit(t, repo, "rev-parse", "HEAD")
	tgit(t, repo, "checkout", "-q", "main")

	r := runner(Options{})
	root := filepath.Join(t.TempDir(), "ws")
	created, err := r.CreateWorktree(ctxT(t), repo, root, "feature", "release")
	if err != nil {
		t.Fatal(err)
	}
	if !created {
		t.Fatal("createdBranch = false for a branch the call created")
	}
	if got := tgit(t, root, "rev-parse", "HEAD"); got != releaseHead {
		t.Fatalf("worktree HEAD %s, want base release %s", got, releaseHead)
	}
	if b, err := r.CurrentBranch(ctxT(t), root); err != nil || b != "feature" {
		t.Fatalf("CurrentBranch = %q, %v; want feature", b, err)
	}
	// --no-track: the base must not become the upstream.
	if s, err := r.Status(ctxT(t), root); err != nil || s.Upstream != "" {
		t.Fatalf("Status = %+v, %v; want no upstream", s, err)
	}

	if err := r.RemoveWorktree(ctxT(t), repo, root, false); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(root); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("worktree dir still there: %v", err)
	}
	if err := r.DeleteBranch(ctxT(t), repo, "feature"); err != nil {
		t.Fatal(err)
	}
	if ok, err := r.BranchExists(ctxT(t), repo, "feature"); err != nil || ok {
		t.Fatalf("BranchExists after delete = %v, %v", ok, err)
	}
	// Removing again (rollback retried after a crash) only prunes.
	if err := r.RemoveWorktree(ctxT(t), repo, root, true); err != nil {
		t.Fatalf("second RemoveWorktree: %v", err)
	}
}

func TestCreateWorktreeEmptyBaseUsesDefaultBranch(t *testing.T) {
	isolate(t)
	repo := newRepo(t)
	mainHead := tgit(t, repo, "rev-parse", "main")
	tgit(t, repo, "checkout", "-q", "-b", "elsewhere")
	commitFile(t, repo, "b.txt", "b\n")

	r := runner(Options{})
	root := filepath.Join(t.TempDir(), "ws")
	if _, err := r.CreateWorktree(ctxT(t), repo, root, "feature", ""); err != nil {
		t.Fatal(err)
	}
	if got := tgit(t, root, "rev-parse", "HEAD"); got != mainHead {
		t.Fatalf("empty base started at %s, want default branch main %s", got, mainHead)
	}
}

func TestCreateWorktreeAttachExistingBranch(t *testing.T) {
	isolate(t)
	repo := newRepo(t)
	tgit(t, repo, "branch", "existing")
	tip := tgit(t, repo, "rev-parse", "existing")

	r := runner(Options{})
	root := filepath.Join(t.TempDir(), "ws")
	// The base is ignored for an existing branch.
	created, err := r.CreateWorktree(ctxT(t), repo, root, "existing", "main")
	if err != nil {
		t.Fatal(err)
	}
	if created {
		t.Fatal("createdBranch = true when attaching a pre-existing branch")
	}
	if b := tgit(t, root, "symbolic-ref", "--short", "HEAD"); b != "existing" {
		t.Fatalf("worktree on %q, want the branch itself (not detached)", b)
	}
	// Rollback as the workspace package does it: remove the worktree, keep
	// the branch because this call did not create it.
	if err := r.RemoveWorktree(ctxT(t), repo, root, true); err != nil {
		t.Fatal(err)
	}
	if got := tgit(t, repo, "rev-parse", "existing"); got != tip {
		t.Fatalf("pre-existing branch moved: %s != %s", got, tip)
	}
}

func TestCreateWorktreeInvalidBaseRefusedBeforeAnythingRuns(t *testing.T) {
	isolate(t)
	repo := newRepo(t)
	var calls []Call
	r := runner(Options{Trace: func(c Call) { calls = append(calls, c) }})
	root := filepath.Join(t.TempDir(), "ws")

	for _, base := range []string{"--upload-pack=touch x", "-b", "main..HEAD", "ma in", "main\x1b[2J"} {
		calls = nil
		_, err := r.CreateWorktree(ctxT(t), repo, root, "feature", base)
		if !errors.Is(err, ErrInvalidRef) {
			t.Fatalf("base %q: want ErrInvalidRef, got %v", base, err)
		}
		if len(calls) != 0 {
			t.Fatalf("base %q: %d git calls ran before the refusal: %+v", base, len(calls), calls)
		}
	}

	// A well-formed ref that names no commit is refused before any write.
	_, err := r.CreateWorktree(ctxT(t), repo, root, "feature", "no-such-ref")
	var re *RefError
	if !errors.As(err, &re) || re.Ref != "no-such-ref" {
		t.Fatalf("want RefError naming no-such-ref, got %v", err)
	}
	if _, err := os.Stat(root); !errors.Is(err, os.ErrNotExist) {
		t.Fatal("worktree directory created for an invalid base")
	}
	if ok, _ := r.BranchExists(ctxT(t), repo, "feature"); ok {
		t.Fatal("branch created for an invalid base")
	}
}

func TestCreateWorktreeFailedCheckoutReportsOwnership(t *testing.T) {
	isolate(t)
	repo := newRepo(t)
	r := runner(Options{})
	// root exists and is not empty: worktree add must fail.
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "occupied"), "x")
	created, err := r.CreateWorktree(ctxT(t), repo, root, "feature", "main")
	if err == nil {
		t.Fatal("worktree add into a non-empty directory succeeded")
	}
	exists, _ := r.BranchExists(ctxT(t), repo, "feature")
	if created != exists {
		t.Fatalf("createdBranch = %v but branch exists = %v", created, exists)
	}
}
