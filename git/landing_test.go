package git

import (
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestLandingSaysWhoseTheStoppedMergeIs: MERGE_HEAD is read as the
// merged branch's tip and the asked-for tip resolves in the same call; a
// tip that names no commit is "" (the state still comes back), one that
// looks like an option is refused.
func TestLandingSaysWhoseTheStoppedMergeIs(t *testing.T) {
	isolate(t)
	r := runner(Options{})
	ctx := ctxT(t)
	repo, _ := landRepo(t, r, true)
	if l, err := r.Landing(ctx, repo, "refs/heads/feature"); err != nil || l.MergeHead != "" || l.Rebasing ||
		l.Tip != tgit(t, repo, "rev-parse", "feature") {
		t.Fatalf("before the merge: %+v %v", l, err)
	}
	if err := r.MergeInto(ctx, repo, "main", "feature"); !errors.Is(err, ErrMergeConflict) {
		t.Fatalf("want a conflict, got %v", err)
	}
	l, err := r.Landing(ctx, repo, "refs/heads/feature")
	if err != nil || l.MergeHead == "" || l.MergeHead != l.Tip {
		t.Fatalf("during the merge: %+v %v", l, err)
	}
	if l, err := r.Landing(ctx, repo, "refs/heads/gone"); err != nil || l.Tip != "" || l.MergeHead == "" {
		t.Fatalf("a tip that names nothing: %+v %v", l, err)
	}
	if _, err := r.Landing(ctx, repo, "--all"); !errors.Is(err, ErrInvalidRef) {
		t.Fatalf("an option as the tip: %v", err)
	}
	if got, err := r.BranchesAt(ctx, repo, l.MergeHead); err != nil || !slices.Equal(got, []string{"feature"}) {
		t.Fatalf("branches at MERGE_HEAD: %v %v", got, err)
	}
	if _, err := r.BranchesAt(ctx, repo, "feature"); !errors.Is(err, ErrInvalidRef) {
		t.Fatalf("a name for an id: %v", err)
	}
}

// TestLandingRefusesAMergeHeadThatIsNotAFile: a MERGE_HEAD that is a
// FIFO or a link is never opened (a FIFO would hang the read).
func TestLandingRefusesAMergeHeadThatIsNotAFile(t *testing.T) {
	isolate(t)
	r := runner(Options{})
	repo, _ := landRepo(t, r, false)
	p := filepath.Join(repo, ".git", "MERGE_HEAD")
	if out, err := exec.Command("mkfifo", p).CombinedOutput(); err != nil {
		t.Skipf("mkfifo: %v %s", err, out)
	}
	if _, err := r.Landing(ctxT(t), repo, ""); err == nil {
		t.Fatal("a FIFO MERGE_HEAD was read")
	}
}

// TestCommitsBetweenCountsPastWhatItKeeps: 205 commits on the branch, 200
// listed newest first and 205 counted; ids only.
func TestCommitsBetweenCountsPastWhatItKeeps(t *testing.T) {
	isolate(t)
	r := runner(Options{})
	repo := newRepo(t)
	base := tgit(t, repo, "rev-parse", "HEAD")
	var script strings.Builder
	for i := range 205 {
		fmt.Fprintf(&script, "commit refs/heads/long\ncommitter t <t@example.com> %d +0000\ndata <<EOM\nc%d\nEOM\n", 1700000000+i, i)
		if i == 0 {
			fmt.Fprintf(&script, "from %s\n", base)
		}
		fmt.Fprintf(&script, "M 644 inline f\ndata <<EOM\n%d\nEOM\n\n", i)
	}
	cmd := exec.Command("git", "fast-import", "--quiet")
	cmd.Dir, cmd.Stdin = repo, strings.NewReader(script.String())
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("fast-import: %v %s", err, out)
	}
	head := tgit(t, repo, "rev-parse", "long")
	list, n, err := r.CommitsBetween(ctxT(t), repo, base, head)
	if err != nil || n != 205 || len(list) != MaxBranchCommits || list[0].Subject != "c204" || list[0].Hash != head {
		t.Fatalf("commits %d listed, %d counted, first %+v, %v", len(list), n, list[0], err)
	}
	if list, n, err := r.CommitsBetween(ctxT(t), repo, tgit(t, repo, "rev-parse", "long~3"), head); err != nil || n != 3 || len(list) != 3 {
		t.Fatalf("three commits: %d %d %v", len(list), n, err)
	}
	if _, _, err := r.CommitsBetween(ctxT(t), repo, "main", head); !errors.Is(err, ErrInvalidRef) {
		t.Fatalf("a name for an id: %v", err)
	}
}
