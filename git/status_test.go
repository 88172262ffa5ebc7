package git

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestStatusSummary(t *testing.T) {
	isolate(t)
	repo := newRepo(t)
	r := runner(Options{})
	ctx := ctxT(t)

	st, err := r.Status(ctx, repo)
	if err != nil {
		t.Fatal(err)
	}
	if st.Branch != "main" || st.Dirty || st.Head == "" || st.Upstream != "" {
		t.Fatalf("clean repo: %+v", st)
	}

	// Track a local upstream, then get one commit ahead of it.
	tgit(t, repo, "branch", "base")
	tgit(t, repo, "branch", "--set-upstream-to=base")
	commitFile(t, repo, "local.txt", "l\n")
	writeFile(t, filepath.Join(repo, "a.txt"), "changed\n")
	writeFile(t, filepath.Join(repo, "untracked.txt"), "u\n")
	st, err = r.Status(ctx, repo)
	if err != nil {
		t.Fatal(err)
	}
	want := StatusSummary{Branch: "main", Head: st.Head, Upstream: "base", Ahead: 1, Dirty: true, Changed: 1, Untracked: 1}
	if st != want {
		t.Fatalf("Status = %+v\nwant     %+v", st, want)
	}

	tgit(t, repo, "checkout", "-q", "--detach")
	if st, err = r.Status(ctx, repo); err != nil || !st.Detached || st.Branch != "" {
		t.Fatalf("detached: %+v, %v", st, err)
	}
}

// TestDiffNeverRunsExternalCommands: diff.external, a diff driver command
// and a textconv program from the repo's config never run, and the repo's
// prefix settings do not change the output format.
func TestDiffNeverRunsExternalCommands(t *testing.T) {
	isolate(t)
	marker := filepath.Join(t.TempDir(), "marker")
	repo := newRepo(t)
	commitFile(t, repo, ".gitattributes", "*.txt diff=evil\n")
	ext := filepath.Join(t.TempDir(), "ext")
	writeScript(t, ext, markerCmd(marker, "ext-diff"))
	tgit(t, repo, "config", "diff.external", ext)
	tgit(t, repo, "config", "diff.evil.command", ext)
	tgit(t, repo, "config", "diff.evil.textconv", markerCmd(marker, "textconv")+"; cat")
	tgit(t, repo, "config", "diff.noprefix", "true")
	writeFile(t, filepath.Join(repo, "a.txt"), "changed\n")

	d, err := runner(Options{}).Diff(ctxT(t), repo)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"--- a/a.txt", "+++ b/a.txt", "-alpha", "+changed"} {
		if !strings.Contains(d, want) {
			t.Errorf("diff lacks %q:\n%s", want, d)
		}
	}
	assertNoMarker(t, marker)
}
