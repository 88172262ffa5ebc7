package git

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

func TestValidateMessage(t *testing.T) {
	for _, bad := range []string{"", "  \n\nbody", strings.Repeat("x", MaxSubject+1), "sub\x1bject", "subject\nbody without a blank line"} {
		if err := ValidateMessage(bad); !errors.Is(err, ErrBadMessage) {
			t.Errorf("ValidateMessage(%q) = %v, want ErrBadMessage", bad, err)
		}
	}
	for _, good := range []string{"fix the parser", "fix\n\nbecause it broke\n", "fix\n", strings.Repeat("é", MaxSubject)} {
		if err := ValidateMessage(good); err != nil {
			t.Errorf("ValidateMessage(%q) = %v", good, err)
		}
	}
}

// TestCommitAndAmendWithHooksAndSigningOff: a commit records the staged
// change with the message as given; a delivered pre-commit hook and
// commit-msg hook never run and a signing setting is ignored; an amend
// replaces the tip.
func TestCommitAndAmendWithHooksAndSigningOff(t *testing.T) {
	isolate(t)
	r := runner(Options{})
	ctx := ctxT(t)
	repo := newRepo(t)
	marker := filepath.Join(t.TempDir(), "marker")
	for _, h := range []string{"pre-commit", "commit-msg", "prepare-commit-msg", "post-commit"} {
		writeScript(t, filepath.Join(repo, ".git", "hooks", h), markerCmd(marker, h))
	}
	tgit(t, repo, "config", "commit.gpgSign", "true")
	tgit(t, repo, "config", "gpg.program", filepath.Join(t.TempDir(), "no-gpg"))
	before := tgit(t, repo, "rev-parse", "HEAD")

	if _, err := r.Commit(ctx, repo, CommitRequest{Message: ""}); !errors.Is(err, ErrBadMessage) {
		t.Fatalf("empty message: %v", err)
	}
	writeFile(t, filepath.Join(repo, "a.txt"), "changed\n")
	if err := r.StageFile(ctx, repo, "a.txt"); err != nil {
		t.Fatal(err)
	}
	id, err := r.Commit(ctx, repo, CommitRequest{Message: "change a\n\nwhy it changed\n"})
	if err != nil {
		t.Fatal(err)
	}
	if got := tgit(t, repo, "log", "-1", "--format=%B"); got != "change a\n\nwhy it changed" {
		t.Fatalf("message %q", got)
	}
	if tgit(t, repo, "rev-parse", "HEAD~1") != before {
		t.Fatal("commit is not on top of the previous HEAD")
	}
	amended, err := r.Commit(ctx, repo, CommitRequest{Message: "change a, reworded", Amend: true})
	if err != nil {
		t.Fatal(err)
	}
	if amended == id || tgit(t, repo, "rev-parse", "HEAD~1") != before || tgit(t, repo, "log", "-1", "--format=%s") != "change a, reworded" {
		t.Fatalf("amend did not replace the tip")
	}
	assertNoMarker(t, marker)
	if _, err := r.Commit(ctx, repo, CommitRequest{Message: "nothing staged"}); err == nil {
		t.Fatal("commit with nothing staged succeeded")
	}
}

// TestBranchCommitsAreThoseNotOnBase lists the branch's own commits, newest
// first, with NUL-safe subjects.
func TestBranchCommitsAreThoseNotOnBase(t *testing.T) {
	isolate(t)
	r := runner(Options{})
	repo := newRepo(t)
	root := filepath.Join(t.TempDir(), "ws")
	if _, err := r.CreateWorktree(ctxT(t), repo, root, "feature", "main"); err != nil {
		t.Fatal(err)
	}
	if list, n, err := r.BranchCommits(ctxT(t), root, "main"); err != nil || n != 0 || len(list) != 0 {
		t.Fatalf("fresh branch: %v %d %v", list, n, err)
	}
	commitFile(t, root, "one", "1")
	commitFile(t, root, "two", "2")
	commitFile(t, repo, "on-main", "m") // not the branch's
	list, n, err := r.BranchCommits(ctxT(t), root, "main")
	if err != nil {
		t.Fatal(err)
	}
	if n != 2 || len(list) != 2 || list[0].Subject != "add two" || list[1].Subject != "add one" || list[0].Author != "amux test" {
		t.Fatalf("commits %+v (%d)", list, n)
	}
	if _, _, err := r.BranchCommits(ctxT(t), root, "--all"); !errors.Is(err, ErrInvalidRef) {
		t.Fatalf("option as base: %v", err)
	}
}

// TestDiffModes: unstaged, staged, against the base, an untracked file, and
// a conflicted file's markers.
func TestDiffModes(t *testing.T) {
	isolate(t)
	r := runner(Options{})
	repo := newRepo(t)
	root := filepath.Join(t.TempDir(), "ws")
	if _, err := r.CreateWorktree(ctxT(t), repo, root, "feature", "main"); err != nil {
		t.Fatal(err)
	}
	commitFile(t, root, "committed.txt", "on the branch\n")
	writeFile(t, filepath.Join(root, "a.txt"), "staged\n")
	tgit(t, root, "add", "a.txt")
	writeFile(t, filepath.Join(root, "a.txt"), "unstaged\n")
	writeFile(t, filepath.Join(root, "untracked.txt"), "u1\nu2\n")

	if f := oneFile(t, r, root, DiffRequest{Mode: DiffUnstaged}); f.Path() != "a.txt" || f.Hunks[0].Lines[1].Text != "unstaged" {
		t.Fatalf("unstaged %+v", f)
	}
	if f := oneFile(t, r, root, DiffRequest{Mode: DiffStaged}); f.Hunks[0].Lines[1].Text != "staged" {
		t.Fatalf("staged %+v", f)
	}
	if f := oneFile(t, r, root, DiffRequest{Mode: DiffBase, Base: "main"}); f.Path() != "committed.txt" || f.Status != 1 {
		t.Fatalf("base %+v", f)
	}
	f := oneFile(t, r, root, DiffRequest{Mode: DiffUntracked, Path: "untracked.txt"})
	if f.Path() != "untracked.txt" || len(f.Hunks) != 1 || len(f.Hunks[0].Lines) != 2 || f.Hunks[0].Lines[1].New != 2 {
		t.Fatalf("untracked %+v", f)
	}
	if f := oneFile(t, r, root, DiffRequest{Mode: DiffCommit, Base: "HEAD"}); f.Path() != "committed.txt" {
		t.Fatalf("commit %+v", f)
	}
	if f := oneFile(t, r, root, DiffRequest{Mode: DiffUnstaged, Path: "a.txt", Context: 1}); f.Path() != "a.txt" {
		t.Fatalf("limited to a path %+v", f)
	}
}
