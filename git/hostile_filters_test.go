package git

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// configureFilter gives the repository's local config a filter driver whose
// clean and smudge commands record that they ran.
func configureFilter(t *testing.T, dir, name, marker string, scope ...string) {
	t.Helper()
	for _, key := range []string{"clean", "smudge"} {
		args := append([]string{"config"}, scope...)
		args = append(args, "filter."+name+"."+key, markerCmd(marker, name+"-"+key)+"; cat")
		tgit(t, dir, args...)
	}
}

// TestFilterInCurrentTreeRefused: a filter bound by the tree being checked
// out blocks create and attach, and one bound in the index blocks add -A.
func TestFilterInCurrentTreeRefused(t *testing.T) {
	isolate(t)
	marker := filepath.Join(t.TempDir(), "marker")
	repo := newRepo(t)
	commitFile(t, repo, ".gitattributes", "*.txt filter=evil\n")
	tgit(t, repo, "branch", "existing")
	configureFilter(t, repo, "evil", marker)
	r := runner(Options{})
	ctx := ctxT(t)

	created, err := r.CreateWorktree(ctx, repo, filepath.Join(t.TempDir(), "ws"), "feature", "main")
	assertDriverRefused(t, err, "filter", "evil")
	if created {
		t.Fatal("refused create reports a created branch")
	}
	_, err = r.CreateWorktree(ctx, repo, filepath.Join(t.TempDir(), "ws2"), "existing", "")
	assertDriverRefused(t, err, "filter", "evil")

	writeFile(t, filepath.Join(repo, "new.txt"), "new\n")
	assertDriverRefused(t, r.AddAll(ctx, repo), "filter", "evil")
	assertNoMarker(t, marker)
	if ok, _ := r.BranchExists(ctx, repo, "feature"); ok {
		t.Fatal("refused create left a branch behind")
	}
}

// TestFilterHiddenOnOtherBranchRefused: the current tree is clean; another
// branch binds the filter through a macro in a nested .gitattributes. Both
// attaching that branch and branching from it are refused, because the
// check reads the tree being written, not the current one.
func TestFilterHiddenOnOtherBranchRefused(t *testing.T) {
	isolate(t)
	marker := filepath.Join(t.TempDir(), "marker")
	repo := newRepo(t)
	tgit(t, repo, "checkout", "-q", "-b", "hidden")
	commitFile(t, repo, ".gitattributes", "[attr]innocent filter=evil\n")
	commitFile(t, repo, "deep/dir/.GitAttributes", "*.dat innocent\n")
	commitFile(t, repo, "deep/dir/x.dat", "payload\n")
	tgit(t, repo, "checkout", "-q", "main")
	configureFilter(t, repo, "evil", marker)
	r := runner(Options{})
	ctx := ctxT(t)

	_, err := r.CreateWorktree(ctx, repo, filepath.Join(t.TempDir(), "a"), "hidden", "")
	assertDriverRefused(t, err, "filter", "evil")
	_, err = r.CreateWorktree(ctx, repo, filepath.Join(t.TempDir(), "b"), "feature", "hidden")
	assertDriverRefused(t, err, "filter", "evil")
	// The refusal points at the base the user typed, not a bare commit id.
	if !strings.Contains(err.Error(), "hidden:") {
		t.Fatalf("refusal does not name the tree it found the binding in: %v", err)
	}
	assertNoMarker(t, marker)

	// main's tree binds nothing: creating from it goes ahead.
	if _, err := r.CreateWorktree(ctx, repo, filepath.Join(t.TempDir(), "c"), "clean", "main"); err != nil {
		t.Fatalf("create from a clean tree: %v", err)
	}
	assertNoMarker(t, marker)
}

// TestReadPathsNeverRunRepoFilters: status and diff on stat-dirty files
// must not run clean filters from local config, its include chain (with a
// name -c could not even express) or config.worktree.
func TestReadPathsNeverRunRepoFilters(t *testing.T) {
	isolate(t)
	marker := filepath.Join(t.TempDir(), "marker")
	repo := newRepo(t)
	commitFile(t, repo, "b.txt", "bravo\n")
	commitFile(t, repo, "c.txt", "charlie\n")
	commitFile(t, repo, ".gitattributes", "a.txt filter=evil\nb.txt filter=in=cl\nc.txt filter=wt\n")

	configureFilter(t, repo, "evil", marker)
	inc := filepath.Join(t.TempDir(), "included")
	configureFilter(t, repo, "in=cl", marker, "--file", inc)
	tgit(t, repo, "config", "include.path", inc)
	tgit(t, repo, "config", "extensions.worktreeConfig", "true")
	configureFilter(t, repo, "wt", marker, "--worktree")

	// Same size, new mtime: git must re-read each file through its filter.
	old := time.Now().Add(-48 * time.Hour)
	for _, f := range []string{"a.txt", "b.txt", "c.txt"} {
		if err := os.Chtimes(filepath.Join(repo, f), old, old); err != nil {
			t.Fatal(err)
		}
	}
	r := runner(Options{})
	st, err := r.Status(ctxT(t), repo)
	if err != nil {
		t.Fatal(err)
	}
	if st.Dirty {
		t.Fatalf("untouched content reported dirty: %+v", st)
	}
	if d, err := r.Diff(ctxT(t), repo); err != nil || d != "" {
		t.Fatalf("Diff = %q, %v; want empty", d, err)
	}
	assertNoMarker(t, marker)
}

// TestGlobalFilterUntouched: a filter the user configured globally (git-lfs
// style) keeps working; only repository-scoped drivers are neutralized.
func TestGlobalFilterUntouched(t *testing.T) {
	home := isolate(t)
	marker := filepath.Join(t.TempDir(), "marker")
	repo := newRepo(t)
	commitFile(t, repo, ".gitattributes", "*.txt filter=lfsish\n")
	tgit(t, home, "config", "--global", "filter.lfsish.smudge", markerCmd(marker, "global-smudge")+"; cat")

	r := runner(Options{})
	if _, err := r.CreateWorktree(ctxT(t), repo, filepath.Join(t.TempDir(), "ws"), "feature", "main"); err != nil {
		t.Fatalf("create with a global filter: %v", err)
	}
	assertMarker(t, marker)
}

// TestFilterBoundOutsideTheIndexRefused: the binding sits in an untracked
// (and ignored) .gitattributes in the work tree, or in the user's global
// attributes file naming a repo-configured driver. add -A and create see
// both.
func TestFilterBoundOutsideTheIndexRefused(t *testing.T) {
	home := isolate(t)
	marker := filepath.Join(t.TempDir(), "marker")
	repo := newRepo(t)
	configureFilter(t, repo, "evil", marker)
	writeFile(t, filepath.Join(repo, ".git", "info", "exclude"), "sub/\n")
	writeFile(t, filepath.Join(repo, "sub", ".gitattributes"), "* filter=evil\n")
	writeFile(t, filepath.Join(repo, "new.txt"), "n\n")
	r := runner(Options{})
	assertDriverRefused(t, r.AddAll(ctxT(t), repo), "filter", "evil")

	writeFile(t, filepath.Join(home, ".config", "git", "attributes"), "*.txt filter=evil\n")
	_, err := r.CreateWorktree(ctxT(t), repo, filepath.Join(t.TempDir(), "ws"), "feature", "main")
	assertDriverRefused(t, err, "filter", "evil")
	assertNoMarker(t, marker)
}
