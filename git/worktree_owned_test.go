package git

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// plantWorktree makes <repo>/.git/worktrees/<id> claim the tree at tree, as
// a delivered repository can: git then lists tree as repo's worktree.
func plantWorktree(t *testing.T, repo, id, tree string) {
	t.Helper()
	admin := filepath.Join(repo, ".git", "worktrees", id)
	if err := os.MkdirAll(admin, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{
		"gitdir": filepath.Join(tree, ".git") + "\n", "HEAD": "ref: refs/heads/main\n", "commondir": "../..\n",
	} {
		if err := os.WriteFile(filepath.Join(admin, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// git lists whatever <common>/worktrees/<id>/gitdir names; only the trees
// whose links lead back to the repository both ways are its own. Another
// repository, and another repository's worktree, are marked with why.
func TestWorktreesMarksEntriesThatAreAnotherRepositorys(t *testing.T) {
	isolate(t)
	r := runner(Options{})
	repo := newRepo(t)
	victim := realPath(t, newRepo(t))
	victimTree := filepath.Join(realPath(t, t.TempDir()), "victim-wt")
	tgit(t, victim, "worktree", "add", "-q", "-b", "side", victimTree)
	own := filepath.Join(realPath(t, t.TempDir()), "own")
	tgit(t, repo, "worktree", "add", "-q", "-b", "feat", own)
	plantWorktree(t, repo, "x", victim)
	plantWorktree(t, repo, "y", victimTree)

	list, err := r.Worktrees(ctxT(t), repo)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{own: "", victim: "repository of its own", victimTree: "not into this repository's worktrees"}
	seen := 0
	for _, wt := range list {
		reason, ok := want[wt.Path]
		if !ok {
			continue
		}
		seen++
		if reason == "" && wt.NotOurs != "" || !strings.Contains(wt.NotOurs, reason) {
			t.Errorf("%s: NotOurs %q, want %q", wt.Path, wt.NotOurs, reason)
		}
	}
	if seen != len(want) {
		t.Fatalf("git listed %+v", list)
	}
}
