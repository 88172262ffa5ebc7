package git

import (
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// landRepo is a repository on main with a workspace worktree on feature,
// which changed b.txt; main then changed a.txt (so a merge is a real
// three-way merge). conflict makes feature change a.txt too.
func landRepo(t *testing.T, r *Runner, conflict bool) (repo, root string) {
	t.Helper()
	repo = newRepo(t)
	commitFile(t, repo, "b.txt", "bravo\n")
	root = filepath.Join(t.TempDir(), "ws")
	if _, err := r.CreateWorktree(ctxT(t), repo, root, "feature", "main"); err != nil {
		t.Fatal(err)
	}
	commitFile(t, root, "b.txt", "bravo from feature\n")
	if conflict {
		commitFile(t, root, "a.txt", "alpha from feature\n")
	}
	commitFile(t, repo, "a.txt", "alpha from main\n")
	return repo, root
}

func TestPreviewMergeCleanAndUpToDateAndFastForward(t *testing.T) {
	isolate(t)
	r := runner(Options{})
	repo, _ := landRepo(t, r, false)
	p, err := r.PreviewMerge(ctxT(t), repo, "main", "feature")
	if err != nil || !p.Clean() || !p.Exact || p.FastForward || p.UpToDate {
		t.Fatalf("clean preview %+v %v", p, err)
	}
	if p, err := r.PreviewMerge(ctxT(t), repo, "feature", "feature~1"); err != nil || !p.UpToDate {
		t.Fatalf("up to date %+v %v", p, err)
	}
	tgit(t, repo, "branch", "ahead", "main")
	commitFile(t, repo, "c.txt", "c\n")
	if p, err := r.PreviewMerge(ctxT(t), repo, "ahead", "main"); err != nil || !p.FastForward {
		t.Fatalf("fast forward %+v %v", p, err)
	}
	if tgit(t, repo, "status", "--porcelain") != "" {
		t.Fatal("preview changed the checkout")
	}
}

// TestPreviewMergeListsConflictsWithoutTouchingAnything: merge-tree finds
// the conflict; the older-git fallback finds it too (as a superset).
func TestPreviewMergeListsConflictsWithoutTouchingAnything(t *testing.T) {
	isolate(t)
	r := runner(Options{})
	repo, _ := landRepo(t, r, true)
	head := tgit(t, repo, "rev-parse", "HEAD")
	p, err := r.PreviewMerge(ctxT(t), repo, "main", "feature")
	if err != nil || !p.Exact || !slices.Equal(p.Conflicts, []string{"a.txt"}) {
		t.Fatalf("preview %+v %v", p, err)
	}
	c, _ := r.open(repo)
	got, err := c.trivialMergeConflicts(ctxT(t), "main", "feature")
	if err != nil || !slices.Equal(got, []string{"a.txt"}) {
		t.Fatalf("fallback preview %v %v", got, err)
	}
	if tgit(t, repo, "rev-parse", "HEAD") != head || tgit(t, repo, "status", "--porcelain") != "" {
		t.Fatal("preview changed the checkout")
	}
}

func TestPreviewMergeRefusesAttributedMergeDriver(t *testing.T) {
	isolate(t)
	r := runner(Options{})
	repo, root := landRepo(t, r, true)
	marker := filepath.Join(t.TempDir(), "marker")
	commitFile(t, root, ".gitattributes", "*.txt merge=evil\n")
	tgit(t, repo, "config", "merge.evil.driver", markerCmd(marker, "merge-driver")+"; false")
	_, err := r.PreviewMerge(ctxT(t), repo, "main", "feature")
	assertDriverRefused(t, err, "merge", "evil")
	assertNoMarker(t, marker)
}

// TestMergeIntoMainCheckoutConflictAbortThenClean is the landing story:
// the merge runs in the main checkout, conflicts are listed and shown with
// their markers, abort restores it, and after the branch resolves its side
// the merge lands cleanly.
func TestMergeIntoMainCheckoutConflictAbortThenClean(t *testing.T) {
	isolate(t)
	r := runner(Options{})
	ctx := ctxT(t)
	repo, root := landRepo(t, r, true)
	before := tgit(t, repo, "rev-parse", "HEAD")
	err := r.MergeInto(ctx, repo, "main", "feature")
	if !errors.Is(err, ErrMergeConflict) {
		t.Fatalf("want conflict, got %v", err)
	}
	if merging, _, _ := r.InProgress(ctx, repo); !merging {
		t.Fatal("no merge in progress after a conflict")
	}
	paths, err := r.Conflicts(ctx, repo)
	if err != nil || !slices.Equal(paths, []string{"a.txt"}) {
		t.Fatalf("conflicts %v %v", paths, err)
	}
	f := oneFile(t, r, repo, DiffRequest{Mode: DiffConflict, Path: "a.txt"})
	var text []string
	for _, l := range f.Hunks[0].Lines {
		text = append(text, l.Text)
	}
	if !strings.Contains(strings.Join(text, "\n"), "<<<<<<< HEAD") {
		t.Fatalf("conflict diff shows no markers: %v", text)
	}
	if err := r.MergeAbort(ctx, repo); err != nil {
		t.Fatal(err)
	}
	if tgit(t, repo, "rev-parse", "HEAD") != before || tgit(t, repo, "status", "--porcelain") != "" {
		t.Fatal("abort did not restore the main checkout")
	}
	// The branch takes main's side of a.txt: now it merges cleanly.
	tgit(t, root, "checkout", "main", "--", "a.txt")
	tgit(t, root, "commit", "-q", "-m", "take main's a.txt")
	if p, err := r.PreviewMerge(ctx, repo, "main", "feature"); err != nil || !p.Clean() {
		t.Fatalf("preview after resolving: %+v %v", p, err)
	}
	if err := r.MergeInto(ctx, repo, "main", "feature"); err != nil {
		t.Fatal(err)
	}
	if got := tgit(t, repo, "show", "HEAD:b.txt"); got != "bravo from feature" {
		t.Fatalf("merged b.txt = %q", got)
	}
}

func TestMergeIntoRefusesAMainCheckoutNotReady(t *testing.T) {
	isolate(t)
	r := runner(Options{})
	repo, _ := landRepo(t, r, false)
	if err := r.MergeInto(ctxT(t), repo, "other", "feature"); !errors.Is(err, ErrWrongCheckout) {
		t.Fatalf("wrong branch: %v", err)
	}
	writeFile(t, filepath.Join(repo, "a.txt"), "uncommitted\n")
	if err := r.MergeInto(ctxT(t), repo, "main", "feature"); !errors.Is(err, ErrWrongCheckout) {
		t.Fatalf("dirty checkout: %v", err)
	}
	if got := tgit(t, repo, "log", "-1", "--format=%s"); got != "add a.txt" {
		t.Fatalf("refused merge committed: %q", got)
	}
}

func TestRebaseOntoBaseCleanAndConflictAbort(t *testing.T) {
	isolate(t)
	r := runner(Options{})
	ctx := ctxT(t)
	repo, root := landRepo(t, r, false)
	if err := r.Rebase(ctx, root, "main"); err != nil {
		t.Fatal(err)
	}
	if tgit(t, root, "rev-parse", "HEAD~1") != tgit(t, repo, "rev-parse", "main") {
		t.Fatal("feature is not on top of main after the rebase")
	}

	repo2, root2 := landRepo(t, r, true)
	_ = repo2
	tip := tgit(t, root2, "rev-parse", "HEAD")
	if err := r.Rebase(ctx, root2, "main"); !errors.Is(err, ErrMergeConflict) {
		t.Fatalf("want conflict, got %v", err)
	}
	if _, rebasing, _ := r.InProgress(ctx, root2); !rebasing {
		t.Fatal("no rebase in progress")
	}
	if paths, _ := r.Conflicts(ctx, root2); !slices.Equal(paths, []string{"a.txt"}) {
		t.Fatalf("conflicts %v", paths)
	}
	if err := r.RebaseAbort(ctx, root2); err != nil {
		t.Fatal(err)
	}
	if tgit(t, root2, "rev-parse", "HEAD") != tip || tgit(t, root2, "symbolic-ref", "--short", "HEAD") != "feature" {
		t.Fatal("abort did not restore the branch")
	}
}
