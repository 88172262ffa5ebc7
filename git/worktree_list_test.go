package git

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestWorktreesListsMainLinkedDetachedAndPrunable(t *testing.T) {
	isolate(t)
	r := runner(Options{})
	repo := newRepo(t)
	a := filepath.Join(realPath(t, t.TempDir()), "a")
	b := filepath.Join(realPath(t, t.TempDir()), "b")
	gone := filepath.Join(realPath(t, t.TempDir()), "gone")
	tgit(t, repo, "worktree", "add", "-q", "-b", "feat-a", a)
	tgit(t, repo, "worktree", "add", "-q", "--detach", b)
	tgit(t, repo, "worktree", "add", "-q", "-b", "feat-gone", gone)
	os.RemoveAll(gone)
	list, err := r.Worktrees(ctxT(t), repo)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 4 || !list[0].Main || list[0].Path != repo || list[0].Branch != "main" {
		t.Fatalf("list %+v", list)
	}
	if list[1].Path != a || list[1].Branch != "feat-a" || list[1].Main {
		t.Fatalf("linked %+v", list[1])
	}
	if list[2].Branch != "" || list[2].Head == "" {
		t.Fatalf("detached %+v", list[2])
	}
	if !list[3].Prunable {
		t.Fatalf("gone %+v", list[3])
	}
}

func TestRenameBranchFollowsTheWorktree(t *testing.T) {
	isolate(t)
	r := runner(Options{})
	repo := newRepo(t)
	root := filepath.Join(t.TempDir(), "ws")
	if _, err := r.CreateWorktree(ctxT(t), repo, root, "old-name", "main"); err != nil {
		t.Fatal(err)
	}
	if err := r.RenameBranch(ctxT(t), repo, "old-name", "new-name"); err != nil {
		t.Fatal(err)
	}
	if got, _ := r.CurrentBranch(ctxT(t), root); got != "new-name" {
		t.Fatalf("worktree on %q", got)
	}
	if err := r.RenameBranch(ctxT(t), repo, "new-name", "main"); err == nil {
		t.Fatal("renamed over an existing branch")
	}
	if err := r.RenameBranch(ctxT(t), repo, "new-name", "bad..name"); !errors.Is(err, ErrInvalidRef) {
		t.Fatalf("invalid name: %v", err)
	}
}
