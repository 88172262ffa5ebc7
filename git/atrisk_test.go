package git

import (
	"fmt"
	"path/filepath"
	"slices"
	"testing"
)

// newWorktree adds a linked worktree of repo on a new branch from main.
func newWorktree(t *testing.T, repo, branch string) string {
	t.Helper()
	root := filepath.Join(t.TempDir(), branch)
	if _, err := runner(Options{}).CreateWorktree(ctxT(t), repo, root, branch, "main"); err != nil {
		t.Fatal(err)
	}
	return root
}

func TestAtRiskCountsChangesAndTheBranchsOwnCommits(t *testing.T) {
	isolate(t)
	repo := newRepo(t)
	root := newWorktree(t, repo, "feat")
	r := runner(Options{})
	ctx := ctxT(t)

	a, err := r.AtRisk(ctx, root, "feat")
	if err != nil || a.Lossy() || a.Unmerged != 0 || a.Head != "feat" {
		t.Fatalf("fresh worktree: %+v %v", a, err)
	}

	commitFile(t, root, "one.txt", "1\n")
	commitFile(t, root, "two.txt", "2\n")
	writeFile(t, filepath.Join(root, "a.txt"), "changed\n")
	writeFile(t, filepath.Join(root, "staged file.txt"), "s\n")
	tgit(t, root, "add", "staged file.txt")
	for i := range 7 {
		writeFile(t, filepath.Join(root, fmt.Sprintf("new-%d.txt", i)), "n\n")
	}
	writeFile(t, filepath.Join(root, "dir", "deep.txt"), "d\n")
	writeFile(t, filepath.Join(root, ".gitignore"), "*.log\n")
	writeFile(t, filepath.Join(root, "build.log"), "ignored\n")

	a, err = r.AtRisk(ctx, root, "feat")
	if err != nil {
		t.Fatal(err)
	}
	if a.Modified != 2 || !slices.Equal(a.ModifiedPaths, []string{"a.txt", "staged file.txt"}) {
		t.Errorf("modified %d %q", a.Modified, a.ModifiedPaths)
	}
	// 7 files, dir/ and .gitignore; build.log is ignored.
	if a.Untracked != 9 || len(a.UntrackedPaths) != AtRiskSample || slices.Contains(a.UntrackedPaths, "build.log") {
		t.Errorf("untracked %d %q", a.Untracked, a.UntrackedPaths)
	}
	if a.Unmerged != 2 || !slices.Equal(a.Subjects, []string{"add two.txt", "add one.txt"}) {
		t.Errorf("unmerged %d %q", a.Unmerged, a.Subjects)
	}
	if !a.Dirty() || a.Stray != 0 {
		t.Errorf("dirty %v stray %d", a.Dirty(), a.Stray)
	}

	// Commits another branch or a remote-tracking branch holds are not at risk.
	tgit(t, repo, "branch", "copy", "feat~1")
	tgit(t, repo, "update-ref", "refs/remotes/origin/feat", "feat")
	if a, err = r.AtRisk(ctx, root, "feat"); err != nil || a.Unmerged != 0 {
		t.Fatalf("pushed commits counted: %+v %v", a, err)
	}
	tgit(t, repo, "update-ref", "-d", "refs/remotes/origin/feat")
	if a, err = r.AtRisk(ctx, root, "feat"); err != nil || a.Unmerged != 1 || !slices.Equal(a.Subjects, []string{"add two.txt"}) {
		t.Fatalf("after the remote went: %+v %v", a, err)
	}
}

func TestAtRiskSeesCommitsOnlyADetachedHeadHolds(t *testing.T) {
	isolate(t)
	repo := newRepo(t)
	root := newWorktree(t, repo, "feat")
	tgit(t, root, "checkout", "-q", "--detach")
	commitFile(t, root, "loose.txt", "l\n")

	a, err := runner(Options{}).AtRisk(ctxT(t), root, "feat")
	if err != nil {
		t.Fatal(err)
	}
	if a.Head != "" || a.Stray != 1 || !a.Lossy() || a.Dirty() {
		t.Fatalf("detached head with a loose commit: %+v", a)
	}
}
