package git

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// A merge stopped on a conflict is finished the way a person does it: a
// file that still holds markers is not marked resolved; once resolved and
// marked, the merge commits with both parents.
func TestMergeStoppedOnAConflictIsMarkedResolvedAndCommitted(t *testing.T) {
	isolate(t)
	r := runner(Options{})
	repo, _ := landRepo(t, r, true)
	ctx := ctxT(t)
	if err := r.MergeInto(ctx, repo, "main", "feature"); !errors.Is(err, ErrMergeConflict) {
		t.Fatalf("merge: %v", err)
	}
	if _, err := r.CommitMerge(ctx, repo); !errors.Is(err, ErrUnresolved) || !strings.Contains(err.Error(), "a.txt") {
		t.Fatalf("commit with a conflict left: %v", err)
	}
	if err := r.MarkResolved(ctx, repo, "a.txt"); !errors.Is(err, ErrMarkersLeft) {
		t.Fatalf("marked with markers left: %v", err)
	}
	if err := r.MarkResolved(ctx, repo, "b.txt"); err == nil {
		t.Fatal("a file that does not conflict was marked resolved")
	}
	writeFile(t, filepath.Join(repo, "a.txt"), "alpha from both\n")
	if err := r.MarkResolved(ctx, repo, "a.txt"); err != nil {
		t.Fatal(err)
	}
	id, err := r.CommitMerge(ctx, repo)
	if err != nil {
		t.Fatal(err)
	}
	if parents := strings.Fields(tgit(t, repo, "log", "-1", "--format=%P", id)); len(parents) != 2 {
		t.Fatalf("merge commit parents %v", parents)
	}
	if got := tgit(t, repo, "show", "HEAD:a.txt"); got != "alpha from both" {
		t.Fatalf("a.txt = %q", got)
	}
	if _, err := r.CommitMerge(ctx, repo); !errors.Is(err, ErrNothingStopped) {
		t.Fatalf("a second commit: %v", err)
	}
}

// A rebase stopped on a conflict goes on once the file is resolved, or
// skips the commit it stopped on; each can stop again on the next one.
func TestRebaseStoppedOnAConflictContinuesOrSkips(t *testing.T) {
	isolate(t)
	r := runner(Options{})
	repo, root := landRepo(t, r, true)
	ctx := ctxT(t)
	commitFile(t, root, "a.txt", "alpha from feature, again\n") // a second commit that conflicts
	if err := r.Rebase(ctx, root, "main"); !errors.Is(err, ErrMergeConflict) {
		t.Fatalf("rebase: %v", err)
	}
	if err := r.RebaseContinue(ctx, root); !errors.Is(err, ErrUnresolved) {
		t.Fatalf("continue with a conflict left: %v", err)
	}
	writeFile(t, filepath.Join(root, "a.txt"), "alpha resolved\n")
	if err := r.MarkResolved(ctx, root, "a.txt"); err != nil {
		t.Fatal(err)
	}
	if err := r.RebaseContinue(ctx, root); !errors.Is(err, ErrMergeConflict) {
		t.Fatalf("continue onto the second conflict: %v", err)
	}
	if err := r.RebaseSkip(ctx, root); err != nil {
		t.Fatalf("skip: %v", err)
	}
	if _, rebasing, _ := r.InProgress(ctx, root); rebasing {
		t.Fatal("still rebasing")
	}
	if got := tgit(t, root, "show", "HEAD:a.txt"); got != "alpha resolved" {
		t.Fatalf("a.txt = %q", got)
	}
	if base := tgit(t, repo, "rev-parse", "main"); tgit(t, root, "merge-base", "HEAD", "main") != base {
		t.Fatal("the branch is not on main")
	}
	if err := r.RebaseSkip(ctx, root); !errors.Is(err, ErrNothingStopped) {
		t.Fatalf("skip with nothing stopped: %v", err)
	}
}
