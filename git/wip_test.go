package git

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// statusLines is `git status --porcelain` of dir, leading blanks kept (an
// unstaged change is " M"), which tgit's trimmed output would lose.
func statusLines(t *testing.T, dir string) []string {
	t.Helper()
	cmd := exec.Command("git", "status", "--porcelain", "-z", "--untracked-files=all")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("git status in %s: %v", dir, err)
	}
	var lines []string
	for e := range strings.SplitSeq(string(out), "\x00") {
		if e != "" {
			lines = append(lines, e)
		}
	}
	return lines
}

func TestWIPCommitRoundTripsUncommittedWork(t *testing.T) {
	isolate(t)
	repo := newRepo(t)
	root := newWorktree(t, repo, "feat")
	r := runner(Options{})
	ctx := ctxT(t)
	base := tgit(t, root, "rev-parse", "HEAD")
	writeFile(t, filepath.Join(root, "a.txt"), "edited\n")
	writeFile(t, filepath.Join(root, "new.txt"), "untracked\n")
	writeFile(t, filepath.Join(root, "staged.txt"), "staged\n")
	tgit(t, root, "add", "staged.txt")
	writeFile(t, filepath.Join(root, ".gitignore"), "*.log\n")
	writeFile(t, filepath.Join(root, "build.log"), "ignored\n")
	before := statusLines(t, root)

	commit, err := r.CommitWIP(ctx, root, "feat", "shelve")
	if err != nil || commit == "" {
		t.Fatalf("CommitWIP = %q, %v", commit, err)
	}
	if s := statusLines(t, root); len(s) != 0 {
		t.Fatalf("tree not clean after the WIP commit: %q", s)
	}
	msg := tgit(t, root, "log", "-1", "--format=%B")
	if !strings.Contains(msg, "Amux-WIP: shelve") || !IsWIPMessage(msg) {
		t.Fatalf("WIP message %q", msg)
	}
	if got := tgit(t, root, "ls-tree", "--name-only", "HEAD"); strings.Contains(got, "build.log") {
		t.Fatalf("an ignored file was committed: %q", got)
	}
	// Again on a clean tree: nothing to do (the rerun after a crash).
	if again, err := r.CommitWIP(ctx, root, "feat", "shelve"); err != nil || again != "" {
		t.Fatalf("second CommitWIP = %q, %v", again, err)
	}

	n, err := r.UnwindWIP(ctx, root, "feat")
	if err != nil || n != 1 {
		t.Fatalf("UnwindWIP = %d, %v", n, err)
	}
	if got := tgit(t, root, "rev-parse", "HEAD"); got != base {
		t.Fatalf("HEAD %s after unwind, want %s", got, base)
	}
	// A mixed reset keeps edits as edits and leaves every file the WIP
	// commit added untracked, the staged one included: the work is all
	// there, only the staging is not.
	want := []string{" M a.txt", "?? .gitignore", "?? new.txt", "?? staged.txt"}
	if got := statusLines(t, root); !slices.Equal(got, want) {
		t.Fatalf("after unwind %q, want %q (before: %q)", got, want, before)
	}
	if b, _ := os.ReadFile(filepath.Join(root, "build.log")); string(b) != "ignored\n" {
		t.Fatal("the ignored file was touched")
	}
	if n, err := r.UnwindWIP(ctx, root, "feat"); err != nil || n != 0 {
		t.Fatalf("second UnwindWIP = %d, %v (must be a no-op)", n, err)
	}
}

func TestUnwindWIPUndoesStackedWIPCommitsOnly(t *testing.T) {
	isolate(t)
	repo := newRepo(t)
	root := newWorktree(t, repo, "feat")
	r := runner(Options{})
	ctx := ctxT(t)
	commitFile(t, root, "mine.txt", "a real commit\n")
	mine := tgit(t, root, "rev-parse", "HEAD")
	for _, f := range []string{"one.txt", "two.txt"} {
		writeFile(t, filepath.Join(root, f), f+"\n")
		if _, err := r.CommitWIP(ctx, root, "feat", "shelve"); err != nil {
			t.Fatal(err)
		}
	}
	if n, err := r.UnwindWIP(ctx, root, "feat"); err != nil || n != 2 {
		t.Fatalf("UnwindWIP = %d, %v", n, err)
	}
	if got := tgit(t, root, "rev-parse", "HEAD"); got != mine {
		t.Fatal("unwind went past the WIP commits or stopped short")
	}
	if got := statusLines(t, root); !slices.Equal(got, []string{"?? one.txt", "?? two.txt"}) {
		t.Fatalf("after unwind %q", got)
	}
}

func TestCommitWIPRefusesAHeadOffTheBranch(t *testing.T) {
	isolate(t)
	repo := newRepo(t)
	root := newWorktree(t, repo, "feat")
	tgit(t, root, "checkout", "-q", "--detach")
	writeFile(t, filepath.Join(root, "new.txt"), "n\n")
	_, err := runner(Options{}).CommitWIP(ctxT(t), root, "feat", "delete")
	if !errors.Is(err, ErrNotOnBranch) {
		t.Fatalf("WIP commit on a detached HEAD: %v", err)
	}
	if got := statusLines(t, root); !slices.Equal(got, []string{"?? new.txt"}) {
		t.Fatalf("a refused WIP commit changed the tree: %q", got)
	}
}

func TestWIPCommitAndStashWorkWithoutAConfiguredIdentity(t *testing.T) {
	home := isolate(t)
	repo := newRepo(t)
	root := newWorktree(t, repo, "feat")
	if err := os.Remove(filepath.Join(home, ".gitconfig")); err != nil {
		t.Fatal(err)
	}
	t.Setenv("EMAIL", "") // git's last resort before it gives up
	r := runner(Options{})
	ctx := ctxT(t)
	writeFile(t, filepath.Join(root, "new.txt"), "n\n")
	if _, err := r.CommitWIP(ctx, root, "feat", "shelve"); err != nil {
		t.Fatalf("CommitWIP without an identity: %v", err)
	}
	writeFile(t, filepath.Join(root, "other.txt"), "o\n")
	if ok, err := r.Stash(ctx, root, "amux: test"); err != nil || !ok {
		t.Fatalf("Stash without an identity: %v %v", ok, err)
	}
}

func TestWIPCommitRunsNoHooks(t *testing.T) {
	isolate(t)
	marker := filepath.Join(t.TempDir(), "marker")
	repo := newRepo(t)
	for _, h := range []string{"pre-commit", "commit-msg", "prepare-commit-msg", "post-commit"} {
		writeScript(t, filepath.Join(repo, ".git", "hooks", h), markerCmd(marker, h))
	}
	root := newWorktree(t, repo, "feat")
	writeFile(t, filepath.Join(root, "new.txt"), "n\n")
	if _, err := runner(Options{}).CommitWIP(ctxT(t), root, "feat", "shelve"); err != nil {
		t.Fatal(err)
	}
	assertNoMarker(t, marker)
}

func TestWIPCommitAndStashRefuseARepoFilter(t *testing.T) {
	isolate(t)
	marker := filepath.Join(t.TempDir(), "marker")
	repo := newRepo(t)
	commitFile(t, repo, ".gitattributes", "*.txt filter=evil\n")
	configureFilter(t, repo, "evil", marker)
	root := filepath.Join(t.TempDir(), "ws")
	// Created by the test's own git: the runner refuses to check this tree out.
	tgit(t, repo, "-c", "filter.evil.clean=cat", "-c", "filter.evil.smudge=cat", "worktree", "add", "-q", "-b", "feat", root)
	writeFile(t, filepath.Join(root, "a.txt"), "changed\n")
	r := runner(Options{})
	ctx := ctxT(t)
	_, err := r.CommitWIP(ctx, root, "feat", "shelve")
	assertDriverRefused(t, err, "filter", "evil")
	_, err = r.Stash(ctx, root, "amux: test")
	assertDriverRefused(t, err, "filter", "evil")
	assertNoMarker(t, marker)
	if got := statusLines(t, root); !slices.Equal(got, []string{" M a.txt"}) {
		t.Fatalf("a refused save changed the tree: %q", got)
	}
}

func TestStashKeepsChangesAndUntrackedFilesInTheRepository(t *testing.T) {
	isolate(t)
	repo := newRepo(t)
	root := newWorktree(t, repo, "feat")
	r := runner(Options{})
	ctx := ctxT(t)
	if ok, err := r.Stash(ctx, root, "amux: nothing"); err != nil || ok {
		t.Fatalf("Stash of a clean tree = %v, %v", ok, err)
	}
	writeFile(t, filepath.Join(root, "a.txt"), "edited\n")
	writeFile(t, filepath.Join(root, "new.txt"), "untracked\n")
	if ok, err := r.Stash(ctx, root, "amux: delete of feat"); err != nil || !ok {
		t.Fatalf("Stash = %v, %v", ok, err)
	}
	if s := statusLines(t, root); len(s) != 0 {
		t.Fatalf("tree not clean after the stash: %q", s)
	}
	if err := r.RemoveWorktree(ctx, repo, root, false); err != nil {
		t.Fatalf("a stashed tree is clean, yet: %v", err)
	}
	if list := tgit(t, repo, "stash", "list"); !strings.Contains(list, "amux: delete of feat") {
		t.Fatalf("stash list %q", list)
	}
	if got := tgit(t, repo, "show", "stash@{0}:a.txt"); got != "edited" {
		t.Fatalf("stashed a.txt %q", got)
	}
	if got := tgit(t, repo, "show", "stash@{0}^3:new.txt"); got != "untracked" {
		t.Fatalf("stashed new.txt %q", got)
	}
}

func TestDeleteMergedBranchKeepsABranchOnlyAStashHolds(t *testing.T) {
	isolate(t)
	repo := newRepo(t)
	root := newWorktree(t, repo, "feat")
	r := runner(Options{})
	ctx := ctxT(t)
	commitFile(t, root, "work.txt", "unmerged\n")
	writeFile(t, filepath.Join(root, "new.txt"), "n\n")
	if _, err := r.Stash(ctx, root, "amux: test"); err != nil {
		t.Fatal(err)
	}
	if err := r.RemoveWorktree(ctx, repo, root, false); err != nil {
		t.Fatal(err)
	}
	deleted, err := r.DeleteMergedBranch(ctx, repo, "feat")
	if err != nil || deleted {
		t.Fatalf("DeleteMergedBranch = %v, %v: the stash made the unmerged commit look merged", deleted, err)
	}
}

func TestIsWIPMessageReadsOnlyTheLastParagraph(t *testing.T) {
	for msg, want := range map[string]bool{
		wipMessage("shelve"):                            true,
		"fix\n\nAmux-WIP: delete\r\n":                   true,
		"fix\n\nSigned-off-by: a\nAmux-WIP: shelve":     true,
		"Amux-WIP: shelve\n\nthe real message follows.": false,
		"fix\n\nAmux-WIP:":                              false,
		"fix the Amux-WIP: handling":                    false,
	} {
		if got := IsWIPMessage(msg); got != want {
			t.Errorf("IsWIPMessage(%q) = %v, want %v", msg, got, want)
		}
	}
}
