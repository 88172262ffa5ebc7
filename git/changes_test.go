package git

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
)

// TestChangesGroupsStagedUnstagedUntrackedAndRenames: one status call sorts
// every kind of change into its group, with exact counts.
func TestChangesGroupsStagedUnstagedUntrackedAndRenames(t *testing.T) {
	isolate(t)
	r := runner(Options{})
	repo := newRepo(t)
	commitFile(t, repo, "b.txt", "bravo\n")
	commitFile(t, repo, "c.txt", "charlie\n")
	writeFile(t, filepath.Join(repo, "a.txt"), "alpha two\n") // unstaged
	writeFile(t, filepath.Join(repo, "b.txt"), "bravo two\n")
	tgit(t, repo, "add", "b.txt")                               // staged
	writeFile(t, filepath.Join(repo, "b.txt"), "bravo three\n") // and unstaged again
	if err := os.Mkdir(filepath.Join(repo, "d dir"), 0o755); err != nil {
		t.Fatal(err)
	}
	tgit(t, repo, "mv", "c.txt", "d dir/c moved.txt") // staged rename
	writeFile(t, filepath.Join(repo, "new/one.txt"), "1\n")
	writeFile(t, filepath.Join(repo, "new/two.txt"), "2\n")

	c, err := r.Changes(ctxT(t), repo)
	if err != nil {
		t.Fatal(err)
	}
	if c.Branch != "main" || c.Head == "" {
		t.Fatalf("branch %q head %q", c.Branch, c.Head)
	}
	if c.StagedCount != 2 || c.UnstagedCount != 2 || c.UntrackedCount != 2 || c.ConflictedCount != 0 {
		t.Fatalf("counts %+v", c)
	}
	var rename Change
	for _, ch := range c.Staged {
		if ch.Code == 'R' {
			rename = ch
		}
	}
	if rename.Path != "d dir/c moved.txt" || rename.OrigPath != "c.txt" {
		t.Fatalf("rename %+v in %+v", rename, c.Staged)
	}
	var unstaged []string
	for _, ch := range c.Unstaged {
		unstaged = append(unstaged, ch.Path)
	}
	slices.Sort(unstaged)
	if !slices.Equal(unstaged, []string{"a.txt", "b.txt"}) {
		t.Fatalf("unstaged %v", unstaged)
	}
	if c.Untracked[0].Path != "new/one.txt" || c.Untracked[1].Path != "new/two.txt" {
		t.Fatalf("untracked listed one by one: %+v", c.Untracked)
	}
	if c.Empty() {
		t.Fatal("Empty with changes")
	}
}

// TestChangesListsConflicts: an unmerged path is its own group.
func TestChangesListsConflicts(t *testing.T) {
	isolate(t)
	r := runner(Options{})
	_, root := conflictingWorktree(t, r, nil)
	if err := r.Merge(ctxT(t), root, "side"); err == nil {
		t.Fatal("merge did not conflict")
	}
	c, err := r.Changes(ctxT(t), root)
	if err != nil {
		t.Fatal(err)
	}
	if c.ConflictedCount != 1 || c.Conflicted[0].Path != "a.txt" {
		t.Fatalf("conflicted %+v", c)
	}
	paths, err := r.Conflicts(ctxT(t), root)
	if err != nil || !slices.Equal(paths, []string{"a.txt"}) {
		t.Fatalf("Conflicts = %v, %v", paths, err)
	}
}

// TestChangesCapsListsButNotCounts: the lists stop at MaxChangeEntries.
func TestChangesCapsListsButNotCounts(t *testing.T) {
	isolate(t)
	r := runner(Options{})
	repo := newRepo(t)
	dir := filepath.Join(repo, "many")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	n := MaxChangeEntries + 3
	for i := range n {
		if err := os.WriteFile(filepath.Join(dir, "f"+strconv.Itoa(i)), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c, err := r.Changes(ctxT(t), repo)
	if err != nil {
		t.Fatal(err)
	}
	if c.UntrackedCount != n || len(c.Untracked) != MaxChangeEntries {
		t.Fatalf("count %d kept %d", c.UntrackedCount, len(c.Untracked))
	}
}

func TestIgnoredDirectories(t *testing.T) {
	isolate(t)
	r := runner(Options{})
	repo := newRepo(t)
	commitFile(t, repo, ".gitignore", "node_modules/\n*.log\n")
	writeFile(t, filepath.Join(repo, "node_modules/p/index.js"), "x")
	writeFile(t, filepath.Join(repo, "x.log"), "x")
	writeFile(t, filepath.Join(repo, "src/a.go"), "x")
	dirs, err := r.IgnoredDirectories(ctxT(t), repo)
	if err != nil || !slices.Equal(dirs, []string{"node_modules"}) {
		t.Fatalf("ignored dirs %v %v", dirs, err)
	}
}
