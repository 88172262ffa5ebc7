package git

import (
	"errors"
	"path/filepath"
	"testing"
)

// assertNotRebasing fails when a rebase is stopped at root: a refused
// rebase must not have started.
func assertNotRebasing(t *testing.T, r *Runner, root string) {
	t.Helper()
	if l, err := r.Landing(ctxT(t), root, ""); err != nil || l.Rebasing {
		t.Fatalf("a rebase is stopped at %s after the refusal: %+v %v", root, l, err)
	}
}

// TestRebaseRefusesAttributedMergeDriver: the branch binds every .txt to a
// configured merge driver; the rebase (which merges each commit onto the
// base) is refused before git starts, naming the driver, and the branch
// is where it was.
func TestRebaseRefusesAttributedMergeDriver(t *testing.T) {
	isolate(t)
	r := runner(Options{})
	repo, root := landRepo(t, r, true)
	marker := filepath.Join(t.TempDir(), "marker")
	commitFile(t, root, ".gitattributes", "*.txt merge=evil\n")
	tgit(t, repo, "config", "merge.evil.driver", markerCmd(marker, "merge-driver")+"; false")
	tip := tgit(t, root, "rev-parse", "HEAD")
	assertDriverRefused(t, r.Rebase(ctxT(t), root, "main"), "merge", "evil")
	assertNoMarker(t, marker)
	assertNotRebasing(t, r, root)
	if got := tgit(t, root, "rev-parse", "HEAD"); got != tip {
		t.Fatalf("refused rebase moved HEAD to %s from %s", got, tip)
	}
}

// TestRebaseRefusesFilterInTheBase: the filter binding arrives only with
// the base the branch is replayed onto (the tree the rebase checks out).
func TestRebaseRefusesFilterInTheBase(t *testing.T) {
	isolate(t)
	r := runner(Options{})
	repo, root := landRepo(t, r, false)
	marker := filepath.Join(t.TempDir(), "marker")
	commitFile(t, repo, ".gitattributes", "*.txt filter=evil\n")
	configureFilter(t, repo, "evil", marker)
	assertDriverRefused(t, r.Rebase(ctxT(t), root, "main"), "filter", "evil")
	assertNoMarker(t, marker)
	assertNotRebasing(t, r, root)
}

// TestRebaseAbortRefusesFilterInTheBranch: the rebase stops on a conflict
// before it replays the branch's commit binding a filter; once that filter
// is configured, the abort (which checks the branch's tip out again, the
// tree ORIG_HEAD names) is refused, naming it, and the rebase stays
// stopped. Without it the abort restores the branch.
func TestRebaseAbortRefusesFilterInTheBranch(t *testing.T) {
	isolate(t)
	r := runner(Options{})
	repo, root := landRepo(t, r, true)
	marker := filepath.Join(t.TempDir(), "marker")
	commitFile(t, root, ".gitattributes", "*.txt filter=evil\n")
	tip := tgit(t, root, "rev-parse", "HEAD")
	if err := r.Rebase(ctxT(t), root, "main"); !errors.Is(err, ErrMergeConflict) {
		t.Fatalf("want a conflict, got %v", err)
	}
	configureFilter(t, repo, "evil", marker)
	assertDriverRefused(t, r.RebaseAbort(ctxT(t), root), "filter", "evil")
	assertNoMarker(t, marker)
	if l, err := r.Landing(ctxT(t), root, ""); err != nil || !l.Rebasing || l.RebaseBranch != "feature" {
		t.Fatalf("the refused abort ended the rebase: %+v %v", l, err)
	}
	tgit(t, repo, "config", "--remove-section", "filter.evil")
	if err := r.RebaseAbort(ctxT(t), root); err != nil {
		t.Fatal(err)
	}
	if tgit(t, root, "rev-parse", "HEAD") != tip || tgit(t, root, "symbolic-ref", "--short", "HEAD") != "feature" {
		t.Fatal("the abort did not restore the branch")
	}
}

// TestRebaseAbortIsNotBlockedByAMergeDriver: an abort merges nothing, so a
// merge driver bound by the branch neither blocks it nor runs; a filter
// bound by the same attributes file does block it.
func TestRebaseAbortIsNotBlockedByAMergeDriver(t *testing.T) {
	isolate(t)
	r := runner(Options{})
	repo, root := landRepo(t, r, true)
	marker := filepath.Join(t.TempDir(), "marker")
	commitFile(t, root, ".gitattributes", "*.txt merge=evil filter=evil\n")
	if err := r.Rebase(ctxT(t), root, "main"); !errors.Is(err, ErrMergeConflict) {
		t.Fatalf("want a conflict, got %v", err)
	}
	tgit(t, repo, "config", "merge.evil.driver", markerCmd(marker, "merge-driver")+"; false")
	configureFilter(t, repo, "evil", marker)
	assertDriverRefused(t, r.RebaseAbort(ctxT(t), root), "filter", "evil")
	tgit(t, repo, "config", "--remove-section", "filter.evil")
	if err := r.RebaseAbort(ctxT(t), root); err != nil {
		t.Fatalf("a merge driver blocked the abort: %v", err)
	}
	assertNoMarker(t, marker)
	assertNotRebasing(t, r, root)
}
