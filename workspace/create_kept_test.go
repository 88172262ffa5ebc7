package workspace

import (
	"context"
	"testing"
)

// A delete kept feat with its uncommitted work saved as a commit: a new
// workspace named feat is told so; continuing it brings the work back as
// uncommitted changes; deleted again the same way, starting fresh moves
// the old branch aside (kept, as feat-kept) and starts from the base.
func TestCreateOverAKeptBranchContinuesItOrStartsFresh(t *testing.T) {
	ctx := context.Background()
	repo := newRepo(t, nil)
	e := newEngine(t, nil)
	base := runGit(t, repo, "rev-parse", "HEAD")
	deleteKeeping := func() {
		t.Helper()
		ws := dirtyWorkspace(t, e, repo, "feat")
		if _, err := e.Delete(ctx, ws.ID, DeleteOptions{Dirty: DirtyWIP}); err != nil {
			t.Fatal(err)
		}
	}
	deleteKeeping()
	req := CreateRequest{Repo: repo, Name: "feat", SkipSetup: true}
	kb, err := e.KeptBranch(ctx, req)
	if err != nil || !kb.Exists || !kb.SavedWork || kb.FreshName != "feat-kept" || kb.Subject != "amux: uncommitted work saved by delete" {
		t.Fatalf("kept branch %+v %v", kb, err)
	}
	if kb, err := e.KeptBranch(ctx, CreateRequest{Repo: repo, Name: "other"}); err != nil || kb.Exists {
		t.Fatalf("no branch: %+v %v", kb, err)
	}

	req.Branch = BranchContinue
	res, err := e.Create(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	if got := porcelain(t, res.Workspace.Root); len(got) != 2 {
		t.Fatalf("the saved work is not back as changes: %q", got)
	}
	if got := runGit(t, res.Workspace.Root, "rev-parse", "HEAD"); got != base {
		t.Fatalf("HEAD %s, want the base %s: the saved-work commit stayed", got, base)
	}
	if _, err := e.Delete(ctx, res.Workspace.ID, DeleteOptions{Dirty: DirtyWIP}); err != nil {
		t.Fatal(err)
	}

	kept := runGit(t, repo, "rev-parse", "refs/heads/feat")
	req.Branch = BranchFresh
	res, err = e.Create(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	if got := porcelain(t, res.Workspace.Root); len(got) != 0 || !res.Workspace.CreatedBranch {
		t.Fatalf("not fresh: %q, created branch %v", got, res.Workspace.CreatedBranch)
	}
	if got := runGit(t, repo, "rev-parse", "refs/heads/feat-kept"); got != kept {
		t.Fatalf("feat-kept at %s, want the old tip %s", got, kept)
	}
}
