package git

import (
	"errors"
	"path/filepath"
	"testing"
)

// conflictingWorktree returns a repo with branch side and a worktree on
// feature whose a.txt conflicts with side's. setup runs on side before
// side's conflicting commit.
func conflictingWorktree(t *testing.T, r *Runner, setupSide func(repo string)) (repo, root string) {
	t.Helper()
	repo = newRepo(t)
	tgit(t, repo, "checkout", "-q", "-b", "side")
	if setupSide != nil {
		setupSide(repo)
	}
	commitFile(t, repo, "a.txt", "side\n")
	tgit(t, repo, "checkout", "-q", "main")
	root = filepath.Join(t.TempDir(), "ws")
	if _, err := r.CreateWorktree(ctxT(t), repo, root, "feature", "main"); err != nil {
		t.Fatal(err)
	}
	commitFile(t, root, "a.txt", "feature\n")
	return repo, root
}

// TestMergeDriverRefused: an attributed merge driver, and one bound to
// every path through merge.default without any attribute, block the merge
// before git starts it.
func TestMergeDriverRefused(t *testing.T) {
	isolate(t)
	r := runner(Options{})
	marker := filepath.Join(t.TempDir(), "marker")

	repo, root := conflictingWorktree(t, r, nil)
	commitFile(t, root, ".gitattributes", "*.txt merge=evil\n")
	tgit(t, repo, "config", "merge.evil.driver", markerCmd(marker, "merge-driver")+"; false")
	assertDriverRefused(t, r.Merge(ctxT(t), root, "side"), "merge", "evil")

	repo2, root2 := conflictingWorktree(t, r, nil)
	tgit(t, repo2, "config", "merge.default", "dflt")
	tgit(t, repo2, "config", "merge.dflt.driver", markerCmd(marker, "merge-default")+"; false")
	err := r.Merge(ctxT(t), root2, "side")
	assertDriverRefused(t, err, "merge", "dflt")

	var de *DriverError
	if errors.As(err, &de) && de.Source != "merge.default" {
		t.Fatalf("refusal source %q, want merge.default", de.Source)
	}
	assertNoMarker(t, marker)
	// Refused before git started: no merge is in progress.
	if p := tgit(t, root2, "rev-parse", "--path-format=absolute", "--git-path", "MERGE_HEAD"); fileExists(p) {
		t.Fatal("refused merge left MERGE_HEAD behind")
	}
}

// TestFilterInIncomingTreeBlocksMerge: the filter binding arrives only with
// the branch being merged in.
func TestFilterInIncomingTreeBlocksMerge(t *testing.T) {
	isolate(t)
	r := runner(Options{})
	marker := filepath.Join(t.TempDir(), "marker")
	repo, root := conflictingWorktree(t, r, func(repo string) {
		commitFile(t, repo, ".gitattributes", "*.txt filter=evil\n")
	})
	configureFilter(t, repo, "evil", marker)
	assertDriverRefused(t, r.Merge(ctxT(t), root, "side"), "filter", "evil")
	assertNoMarker(t, marker)
}

// TestMergeConflictThenAbort: a plain conflict is reported as such and
// aborted cleanly; an abort is refused once a filter bound by the merge's
// incoming side is configured.
func TestMergeConflictThenAbort(t *testing.T) {
	isolate(t)
	r := runner(Options{})
	marker := filepath.Join(t.TempDir(), "marker")
	repo, root := conflictingWorktree(t, r, func(repo string) {
		commitFile(t, repo, ".gitattributes", "*.txt filter=evil\n")
	})
	before := tgit(t, root, "rev-parse", "HEAD")
	if err := r.Merge(ctxT(t), root, "side"); !errors.Is(err, ErrMergeConflict) {
		t.Fatalf("want ErrMergeConflict, got %v", err)
	}
	configureFilter(t, repo, "evil", marker)
	assertDriverRefused(t, r.MergeAbort(ctxT(t), root), "filter", "evil")
	assertNoMarker(t, marker)

	tgit(t, repo, "config", "--remove-section", "filter.evil")
	if err := r.MergeAbort(ctxT(t), root); err != nil {
		t.Fatal(err)
	}
	if got := tgit(t, root, "rev-parse", "HEAD"); got != before {
		t.Fatalf("abort left HEAD at %s, want %s", got, before)
	}
	if st, err := r.Status(ctxT(t), root); err != nil || st.Dirty {
		t.Fatalf("after abort: %+v, %v", st, err)
	}
}
