package git

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestToplevel(t *testing.T) {
	isolate(t)
	repo := newRepo(t)
	r := runner(Options{})
	sub := filepath.Join(repo, "deep", "er")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if top, err := r.Toplevel(ctxT(t), sub); err != nil || top != repo {
		t.Fatalf("Toplevel(sub) = %q, %v; want %q", top, err, repo)
	}

	plain := t.TempDir()
	if _, err := r.Toplevel(ctxT(t), plain); !errors.Is(err, ErrNotRepo) {
		t.Fatalf("plain dir: want ErrNotRepo, got %v", err)
	}
	// An empty .git must not make git adopt an enclosing repository: here
	// the enclosing one is repo itself.
	inner := filepath.Join(repo, "inner")
	if err := os.MkdirAll(filepath.Join(inner, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	_, err := r.Toplevel(ctxT(t), inner)
	var ge *Error
	if !errors.Is(err, ErrNotRepo) || !errors.As(err, &ge) || ge.Stderr == "" {
		t.Fatalf("broken .git: want ErrNotRepo carrying git's stderr, got %v", err)
	}
}

func TestDefaultBranchAndResolveBase(t *testing.T) {
	isolate(t)
	r := runner(Options{})
	ctx := ctxT(t)

	repo := newRepo(t) // on main
	tgit(t, repo, "checkout", "-q", "-b", "topic")
	if b, err := r.DefaultBranch(ctx, repo); err != nil || b != "main" {
		t.Fatalf("DefaultBranch = %q, %v; want main", b, err)
	}
	if b, err := r.ResolveBase(ctx, repo, ""); err != nil || b != "main" {
		t.Fatalf("ResolveBase(\"\") = %q, %v; want main", b, err)
	}
	if b, err := r.ResolveBase(ctx, repo, "topic"); err != nil || b != "topic" {
		t.Fatalf("ResolveBase(topic) = %q, %v", b, err)
	}

	// origin/HEAD wins over local names.
	tgit(t, repo, "update-ref", "refs/remotes/origin/trunk", "HEAD")
	tgit(t, repo, "symbolic-ref", "refs/remotes/origin/HEAD", "refs/remotes/origin/trunk")
	if b, err := r.DefaultBranch(ctx, repo); err != nil || b != "trunk" {
		t.Fatalf("DefaultBranch with origin/HEAD = %q, %v; want trunk", b, err)
	}
	if b, err := r.ResolveBase(ctx, repo, ""); err != nil || b != "origin/trunk" {
		t.Fatalf("ResolveBase with only origin/trunk = %q, %v", b, err)
	}

	// No main/master/origin: the current branch; detached: fall back to HEAD.
	odd := newRepo(t)
	tgit(t, odd, "branch", "-m", "main", "only")
	if b, err := r.DefaultBranch(ctx, odd); err != nil || b != "only" {
		t.Fatalf("DefaultBranch = %q, %v; want only", b, err)
	}
	tgit(t, odd, "checkout", "-q", "--detach")
	if _, err := r.DefaultBranch(ctx, odd); !errors.Is(err, ErrNoDefaultBranch) {
		t.Fatalf("detached, no candidates: want ErrNoDefaultBranch, got %v", err)
	}
	if b, err := r.ResolveBase(ctx, odd, ""); err != nil || b != "HEAD" {
		t.Fatalf("ResolveBase fallback = %q, %v; want HEAD", b, err)
	}
	if _, err := r.CurrentBranch(ctx, odd); !errors.Is(err, ErrDetachedHead) {
		t.Fatalf("CurrentBranch detached: %v", err)
	}
}

func TestValidateRefsAndBranches(t *testing.T) {
	isolate(t)
	repo := newRepo(t)
	tgit(t, repo, "tag", "v1")
	tree := tgit(t, repo, "rev-parse", "HEAD^{tree}")
	r := runner(Options{})
	ctx := ctxT(t)

	for _, ok := range []string{"main", "v1", "HEAD", "HEAD~0", tgit(t, repo, "rev-parse", "HEAD")} {
		if err := r.ValidateBaseRef(ctx, repo, ok); err != nil {
			t.Errorf("ValidateBaseRef(%q) = %v", ok, err)
		}
	}
	for _, bad := range []string{"", "-main", "--output=/tmp/x", "main..v1", "ma in", "a\tb", "a\nb", "nope", tree} {
		err := r.ValidateBaseRef(ctx, repo, bad)
		var re *RefError
		if !errors.As(err, &re) || re.Ref != bad {
			t.Errorf("ValidateBaseRef(%q) = %v; want a RefError naming it", bad, err)
		}
	}

	for _, ok := range []string{"feature", "user/topic-1"} {
		if err := r.ValidateBranchName(ctx, repo, ok); err != nil {
			t.Errorf("ValidateBranchName(%q) = %v", ok, err)
		}
	}
	tgit(t, repo, "checkout", "-q", "-b", "prev")
	tgit(t, repo, "checkout", "-q", "main")
	for _, bad := range []string{"", "-x", "HEAD", "a..b", "a b", "x.lock", "@{-1}", "a~1", "trailing/"} {
		if err := r.ValidateBranchName(ctx, repo, bad); !errors.Is(err, ErrInvalidRef) {
			t.Errorf("ValidateBranchName(%q) = %v; want ErrInvalidRef", bad, err)
		}
	}

	if ok, err := r.BranchExists(ctx, repo, "prev"); err != nil || !ok {
		t.Fatalf("BranchExists(prev) = %v, %v", ok, err)
	}
	if ok, err := r.BranchExists(ctx, repo, "v1"); err != nil || ok {
		t.Fatalf("BranchExists(tag v1) = %v, %v; a tag is not a branch", ok, err)
	}
}

func TestParseDriverConfig(t *testing.T) {
	out := "global\x00filter.lfs.clean\ngit-lfs clean -- %f\x00" +
		"local\x00filter.a=b.c.smudge\nx\x00" +
		"local\x00filter.req.required\x00" + // a key with no value
		"worktree\x00filter.wt.process\ny\x00" +
		"global\x00merge.ours.driver\ntrue\x00" +
		"local\x00merge.default\nours\x00" +
		"local\x00core.attributesfile\n/x/attrs\x00"
	d := parseDriverConfig([]byte(out))
	if want := []string{"a=b.c", "wt"}; !slices.Equal(d.repoFilters, want) {
		t.Errorf("repoFilters = %q, want %q", d.repoFilters, want)
	}
	if want := []string{"ours"}; !slices.Equal(d.mergeDrivers, want) || d.mergeDefault != "ours" {
		t.Errorf("merge = %q default %q", d.mergeDrivers, d.mergeDefault)
	}
	if d.attributesFile != "/x/attrs" {
		t.Errorf("attributesFile = %q", d.attributesFile)
	}
}

func TestDriverMatcherScan(t *testing.T) {
	m := driverMatcher{filters: []string{"evil", "in=cl"}, merges: []string{"m"}}
	for text, want := range map[string]string{
		"*.txt filter=evil\n":                 "evil",
		"# a comment naming filter=evil\n":    "evil", // fail closed
		"\"a b\"\tfilter=in=cl\r\n":           "in=cl",
		"[attr]x merge=m\n":                   "m",
		"*.txt filter=evil2 -filter !merge\n": "",
		"*.txt filter=lfs merge=union\n":      "",
		"*.txt Filter=evil\n":                 "",
	} {
		err := m.scan([]byte(text), "src")
		var de *DriverError
		switch {
		case want == "" && err != nil:
			t.Errorf("%q: unexpected refusal %v", text, err)
		case want != "" && (!errors.As(err, &de) || de.Name != want):
			t.Errorf("%q: want refusal of %q, got %v", text, want, err)
		}
	}
}
