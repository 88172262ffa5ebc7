package workspace

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/git"
)

// TestReviewAndLandTheWork is the landing loop through the engine: a
// change shows in Review and its diff, a hunk is staged and committed, a
// merge into the base conflicts (Review says so, with the path), is
// aborted, and after the branch takes the base's side lands cleanly.
func TestReviewAndLandTheWork(t *testing.T) {
	ctx := context.Background()
	repo := newRepo(t, map[string]string{"a.txt": "alpha\n", "b.txt": "bravo\n"})
	// The runner drops GIT_* variables: the identity comes from config.
	runGit(t, repo, "config", "user.name", "t")
	runGit(t, repo, "config", "user.email", "t@example.com")
	e := newEngine(t, nil)
	res, err := e.Create(ctx, CreateRequest{Repo: repo, Name: "feat", SkipSetup: true})
	if err != nil {
		t.Fatal(err)
	}
	id, root := res.Workspace.ID, res.Workspace.Root
	w, err := e.Watch(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	mustWrite(t, filepath.Join(root, "a.txt"), "alpha from feat\n")
	select {
	case <-w.Changed():
	case <-time.After(10 * time.Second):
		t.Fatal("the watcher did not see the change")
	}
	r, err := e.Review(ctx, id)
	if err != nil || r.Changes.UnstagedCount != 1 || r.Base != "main" || r.CommitCount != 0 {
		t.Fatalf("review %+v %v", r, err)
	}
	files, err := e.Diff(ctx, id, DiffRequest{DiffRequest: git.DiffRequest{Mode: git.DiffUnstaged}})
	if err != nil || len(files) != 1 {
		t.Fatalf("diff %+v %v", files, err)
	}
	if err := e.StageHunk(ctx, id, files[0], 0, false); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Commit(ctx, id, git.CommitRequest{Message: "feat changes a"}); err != nil {
		t.Fatal(err)
	}
	if msg, _ := e.LastMessage(ctx, id); strings.TrimSpace(msg) != "feat changes a" {
		t.Fatalf("last message %q", msg)
	}
	// main changes a.txt too: the merge conflicts.
	mustWrite(t, filepath.Join(repo, "a.txt"), "alpha from main\n")
	runGit(t, repo, "commit", "-qam", "main changes a")
	p, base, err := e.PreviewMerge(ctx, id)
	if err != nil || base != "main" || !slices.Equal(p.Conflicts, []string{"a.txt"}) {
		t.Fatalf("preview %+v %q %v", p, base, err)
	}
	if err := e.Merge(ctx, id); !errors.Is(err, git.ErrMergeConflict) {
		t.Fatalf("merge: %v", err)
	}
	r, _ = e.Review(ctx, id)
	if r.Landing != "merge" || !slices.Equal(r.Conflicts, []string{"a.txt"}) || r.CommitCount != 1 {
		t.Fatalf("review during the merge %+v", r)
	}
	conflict, err := e.Diff(ctx, id, DiffRequest{DiffRequest: git.DiffRequest{Mode: git.DiffConflict, Path: "a.txt"}, InMain: true})
	if err != nil || len(conflict) != 1 {
		t.Fatalf("conflict diff %+v %v", conflict, err)
	}
	if err := e.AbortLanding(ctx, id); err != nil {
		t.Fatal(err)
	}
	if r, _ := e.Review(ctx, id); r.Landing != "" {
		t.Fatalf("still landing after abort: %+v", r)
	}
	runGit(t, root, "checkout", "main", "--", "a.txt")
	runGit(t, root, "commit", "-qm", "take main's a")
	if err := e.Merge(ctx, id); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(repo, "a.txt")); string(got) != "alpha from main\n" {
		t.Fatalf("merged a.txt %q", got)
	}
	if r, _ := e.Review(ctx, id); r.CommitCount != 0 {
		t.Fatalf("commits not on main after the merge: %d", r.CommitCount)
	}
}
