package git

import (
	"os"
	"path/filepath"
	"testing"
)

// hookNames are the hooks amux's own operations would trigger: checkout,
// ref updates, index writes, and the commit a merge makes.
var hookNames = []string{
	"post-checkout", "pre-commit", "reference-transaction", "pre-merge-commit",
	"prepare-commit-msg", "commit-msg", "post-merge", "post-commit",
	"post-index-change", "post-rewrite",
}

// hookedRepo plants every hook both in .git/hooks and in a directory the
// repo's own config names as core.hooksPath; each writes to marker.
func hookedRepo(t *testing.T, marker string) string {
	t.Helper()
	repo := newRepo(t)
	tgit(t, repo, "branch", "side")
	tgit(t, repo, "checkout", "-q", "side")
	commitFile(t, repo, "side.txt", "side\n")
	tgit(t, repo, "checkout", "-q", "main")
	custom := filepath.Join(t.TempDir(), "hooks")
	for _, h := range hookNames {
		writeScript(t, filepath.Join(repo, ".git", "hooks", h), markerCmd(marker, "default-"+h))
		writeScript(t, filepath.Join(custom, h), markerCmd(marker, "custom-"+h))
	}
	tgit(t, repo, "config", "core.hooksPath", custom)
	return repo
}

// TestHooksNeverRun proves no repository hook (default location or a
// delivered core.hooksPath) runs during create, add, merge, merge --abort,
// worktree removal or branch deletion.
func TestHooksNeverRun(t *testing.T) {
	isolate(t)
	marker := filepath.Join(t.TempDir(), "marker")
	repo := hookedRepo(t, marker)
	r := runner(Options{})
	ctx := ctxT(t)

	root := filepath.Join(t.TempDir(), "ws")
	if _, err := r.CreateWorktree(ctx, repo, root, "feature", "main"); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(root, "new.txt"), "new\n")
	if err := r.AddAll(ctx, root); err != nil {
		t.Fatal(err)
	}
	tgit(t, root, "commit", "-q", "-m", "work")
	if err := r.Merge(ctx, root, "side"); err != nil {
		t.Fatal(err)
	}

	// A conflicting merge, then its abort.
	tgit(t, repo, "checkout", "-q", "side")
	commitFile(t, repo, "a.txt", "side version\n")
	tgit(t, repo, "checkout", "-q", "main")
	writeFile(t, filepath.Join(root, "a.txt"), "feature version\n")
	tgit(t, root, "commit", "-q", "-am", "conflict")
	if err := r.Merge(ctx, root, "side"); err == nil {
		t.Fatal("conflicting merge succeeded")
	}
	if err := r.MergeAbort(ctx, root); err != nil {
		t.Fatal(err)
	}

	if err := r.RemoveWorktree(ctx, repo, root, true); err != nil {
		t.Fatal(err)
	}
	if err := r.DeleteBranch(ctx, repo, "feature"); err != nil {
		t.Fatal(err)
	}
	assertNoMarker(t, marker)
}

// TestAllowGitHooksOptOut proves AMUX_ALLOW_GIT_HOOKS=1 (through
// OptionsFromEnv) is a real opt-out: the same repository's hooks do run.
func TestAllowGitHooksOptOut(t *testing.T) {
	isolate(t)
	marker := filepath.Join(t.TempDir(), "marker")
	repo := hookedRepo(t, marker)
	t.Setenv(AllowHooksEnv, "1")
	opts := OptionsFromEnv(os.Getenv)
	if !opts.AllowRepoCode {
		t.Fatal("OptionsFromEnv ignored AMUX_ALLOW_GIT_HOOKS=1")
	}
	r := runner(opts)
	root := filepath.Join(t.TempDir(), "ws")
	if _, err := r.CreateWorktree(ctxT(t), repo, root, "feature", "main"); err != nil {
		t.Fatal(err)
	}
	assertMarker(t, marker)

	if OptionsFromEnv(func(string) string { return "true" }).AllowRepoCode {
		t.Fatal("only the value 1 may opt out")
	}
}
