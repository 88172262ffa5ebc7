package git

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/git/udiff"
)

func lines(n int, tag string) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		b.WriteString("line ")
		b.WriteString(strings.Repeat("x", i%3))
		b.WriteString(tag)
		b.WriteString(" ")
		b.WriteString(string(rune('a' + i%26)))
		b.WriteString("\n")
	}
	return b.String()
}

// twoHunkRepo commits a 40-line file and changes line 2 and line 38, so
// the unstaged diff has two hunks.
func twoHunkRepo(t *testing.T) (repo string) {
	repo = newRepo(t)
	orig := strings.Split(lines(40, ""), "\n")
	commitFile(t, repo, "f.txt", strings.Join(orig, "\n"))
	orig[1] = "CHANGED TOP"
	orig[37] = "CHANGED BOTTOM"
	writeFile(t, filepath.Join(repo, "f.txt"), strings.Join(orig, "\n"))
	return repo
}

func oneFile(t *testing.T, r *Runner, root string, req DiffRequest) udiff.File {
	t.Helper()
	files, err := r.FileDiff(ctxT(t), root, req)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 1 {
		t.Fatalf("want one file, got %+v", files)
	}
	return files[0]
}

// TestStageAndUnstageOneHunk: staging the second hunk of the unstaged diff
// puts exactly that change in the index; unstaging it from the staged diff
// takes it out again. The work tree never changes.
func TestStageAndUnstageOneHunk(t *testing.T) {
	isolate(t)
	r := runner(Options{})
	repo := twoHunkRepo(t)
	ctx := ctxT(t)
	f := oneFile(t, r, repo, DiffRequest{Mode: DiffUnstaged})
	if len(f.Hunks) != 2 {
		t.Fatalf("want 2 hunks, got %d", len(f.Hunks))
	}
	if err := r.StageHunk(ctx, repo, f, 1); err != nil {
		t.Fatal(err)
	}
	staged := tgit(t, repo, "diff", "--cached")
	if !strings.Contains(staged, "+CHANGED BOTTOM") || strings.Contains(staged, "CHANGED TOP") {
		t.Fatalf("staged diff after staging hunk 2:\n%s", staged)
	}
	if un := tgit(t, repo, "diff"); !strings.Contains(un, "+CHANGED TOP") || strings.Contains(un, "BOTTOM") {
		t.Fatalf("unstaged diff after staging hunk 2:\n%s", un)
	}
	sf := oneFile(t, r, repo, DiffRequest{Mode: DiffStaged})
	if err := r.UnstageHunk(ctx, repo, sf, 0); err != nil {
		t.Fatal(err)
	}
	if got := tgit(t, repo, "diff", "--cached"); got != "" {
		t.Fatalf("index still differs from HEAD:\n%s", got)
	}
	if un := tgit(t, repo, "diff"); !strings.Contains(un, "CHANGED TOP") || !strings.Contains(un, "CHANGED BOTTOM") {
		t.Fatalf("work tree lost a change:\n%s", un)
	}
	if err := r.StageHunk(ctx, repo, f, 7); !errors.Is(err, ErrNoHunk) {
		t.Fatalf("out of range hunk: %v", err)
	}
}

// TestStageAndUnstageFile covers a modified and a new file, also before the
// first commit.
func TestStageAndUnstageFile(t *testing.T) {
	isolate(t)
	r := runner(Options{})
	ctx := ctxT(t)
	repo := twoHunkRepo(t)
	writeFile(t, filepath.Join(repo, "n e w.txt"), "new\n")
	for _, p := range []string{"f.txt", "n e w.txt"} {
		if err := r.StageFile(ctx, repo, p); err != nil {
			t.Fatal(err)
		}
	}
	c, _ := r.Changes(ctx, repo)
	if c.StagedCount != 2 || c.UnstagedCount != 0 || c.UntrackedCount != 0 {
		t.Fatalf("after staging: %+v", c)
	}
	if err := r.UnstageFile(ctx, repo, "f.txt"); err != nil {
		t.Fatal(err)
	}
	c, _ = r.Changes(ctx, repo)
	if c.StagedCount != 1 || c.UnstagedCount != 1 {
		t.Fatalf("after unstaging: %+v", c)
	}
	if err := r.StageFile(ctx, repo, "../outside"); !errors.Is(err, ErrInvalidRef) {
		t.Fatalf("path outside the tree: %v", err)
	}

	fresh := filepath.Join(t.TempDir(), "fresh")
	tgit(t, t.TempDir(), "init", "-q", fresh)
	writeFile(t, filepath.Join(fresh, "x"), "x\n")
	if err := r.StageFile(ctx, fresh, "x"); err != nil {
		t.Fatal(err)
	}
	if f := oneFile(t, r, fresh, DiffRequest{Mode: DiffStaged}); f.Status != udiff.New {
		t.Fatalf("staged before first commit: %+v", f)
	}
	if err := r.UnstageFile(ctx, fresh, "x"); err != nil {
		t.Fatal(err)
	}
	if c, _ := r.Changes(ctx, fresh); c.StagedCount != 0 || c.UntrackedCount != 1 {
		t.Fatalf("unstaged before first commit: %+v", c)
	}
}

// TestStageFileRefusesAttributedFilter: staging a file runs its clean
// filter, so a repo-configured one is refused by name.
func TestStageFileRefusesAttributedFilter(t *testing.T) {
	isolate(t)
	r := runner(Options{})
	repo := newRepo(t)
	marker := filepath.Join(t.TempDir(), "marker")
	commitFile(t, repo, ".gitattributes", "*.txt filter=evil\n")
	configureFilter(t, repo, "evil", marker)
	writeFile(t, filepath.Join(repo, "a.txt"), "changed\n")
	assertDriverRefused(t, r.StageFile(ctxT(t), repo, "a.txt"), "filter", "evil")
	assertNoMarker(t, marker)
}
