package workspace

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"testing"

	"amux.dev/amux/git"
)

// A workspace's stopped merge is finished through the engine: the file is
// marked resolved in the main checkout, the merge commits there, and the
// review stops reporting it. Another workspace cannot touch it.
func TestAStoppedMergeIsMarkedResolvedAndContinued(t *testing.T) {
	ctx := context.Background()
	e, repo, a, b := twoWorkspaces(t)
	if err := e.Merge(ctx, a.ID); !errors.Is(err, git.ErrMergeConflict) {
		t.Fatalf("merge A: %v", err)
	}
	if err := e.MarkResolved(ctx, b.ID, "a.txt"); !errors.Is(err, ErrNotThisLanding) {
		t.Fatalf("B marked A's conflict: %v", err)
	}
	if _, err := e.ContinueLanding(ctx, a.ID); !errors.Is(err, git.ErrUnresolved) {
		t.Fatalf("continue with a conflict left: %v", err)
	}
	mustWrite(t, filepath.Join(repo, "a.txt"), "alpha from both\n")
	if err := e.MarkResolved(ctx, a.ID, "a.txt"); err != nil {
		t.Fatal(err)
	}
	if r, err := e.Review(ctx, a.ID); err != nil || r.Landing != "merge" || len(r.Conflicts) != 0 {
		t.Fatalf("review after the mark: %+v %v", r, err)
	}
	if how, err := e.ContinueLanding(ctx, a.ID); err != nil || how != "merge" {
		t.Fatalf("continue: %q %v", how, err)
	}
	if r, err := e.Review(ctx, a.ID); err != nil || r.Landing != "" {
		t.Fatalf("review after the commit: %+v %v", r, err)
	}
	if got := runGit(t, repo, "log", "-1", "--format=%P"); len(got) < 81 {
		t.Fatalf("main's tip is no merge commit: parents %q", got)
	}
}

// A workspace's stopped rebase goes on and stops again on the next
// conflicting commit: the review lists that conflict.
func TestAStoppedRebaseContinuesAndStopsAgain(t *testing.T) {
	ctx := context.Background()
	e, _, a, _ := twoWorkspaces(t)
	mustWrite(t, filepath.Join(a.Root, "a.txt"), "from ws-a, again\n")
	runGit(t, a.Root, "commit", "-qam", "ws-a changes a again")
	if err := e.Rebase(ctx, a.ID); !errors.Is(err, git.ErrMergeConflict) {
		t.Fatalf("rebase: %v", err)
	}
	mustWrite(t, filepath.Join(a.Root, "a.txt"), "alpha from both\n")
	if err := e.MarkResolved(ctx, a.ID, "a.txt"); err != nil {
		t.Fatal(err)
	}
	if how, err := e.ContinueLanding(ctx, a.ID); how != "rebase" || !errors.Is(err, git.ErrMergeConflict) {
		t.Fatalf("continue: %q %v", how, err)
	}
	if r, err := e.Review(ctx, a.ID); err != nil || r.Landing != "rebase" || !slices.Equal(r.Conflicts, []string{"a.txt"}) {
		t.Fatalf("review on the second stop: %+v %v", r, err)
	}
	if err := e.SkipRebase(ctx, a.ID); err != nil {
		t.Fatal(err)
	}
	if r, err := e.Review(ctx, a.ID); err != nil || r.Landing != "" {
		t.Fatalf("review after the skip: %+v %v", r, err)
	}
}
