package git

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFsmonitorNeverRuns: a delivered core.fsmonitor program would run on
// every index refresh (status, diff, add).
func TestFsmonitorNeverRuns(t *testing.T) {
	isolate(t)
	marker := filepath.Join(t.TempDir(), "marker")
	repo := newRepo(t)
	script := filepath.Join(t.TempDir(), "fsmonitor")
	writeScript(t, script, markerCmd(marker, "fsmonitor"))
	tgit(t, repo, "config", "core.fsmonitor", script)
	r := runner(Options{})
	ctx := ctxT(t)
	if _, err := r.Status(ctx, repo); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Diff(ctx, repo); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(repo, "new.txt"), "n\n")
	if err := r.AddAll(ctx, repo); err != nil {
		t.Fatal(err)
	}
	assertNoMarker(t, marker)
}

// TestCoreWorktreeCannotRedirect: a delivered core.worktree points at a
// victim directory. Reads report the checkout itself, and add and merge
// write only there; the victim is never read or written.
func TestCoreWorktreeCannotRedirect(t *testing.T) {
	isolate(t)
	repo := newRepo(t)
	tgit(t, repo, "checkout", "-q", "-b", "side")
	commitFile(t, repo, "side.txt", "s\n")
	tgit(t, repo, "checkout", "-q", "main")
	victim := t.TempDir()
	writeFile(t, filepath.Join(victim, "victim.txt"), "precious\n")
	tgit(t, repo, "config", "core.worktree", victim)
	r := runner(Options{})
	ctx := ctxT(t)

	if top, err := r.Toplevel(ctx, repo); err != nil || top != repo {
		t.Fatalf("Toplevel = %q, %v; want %q", top, err, repo)
	}
	st, err := r.Status(ctx, repo)
	if err != nil || st.Dirty {
		t.Fatalf("Status = %+v, %v; want the clean checkout, not the victim", st, err)
	}
	writeFile(t, filepath.Join(repo, "new.txt"), "n\n")
	if err := r.AddAll(ctx, repo); err != nil {
		t.Fatal(err)
	}
	staged := tgit(t, repo, "--work-tree="+repo, "diff", "--cached", "--name-only")
	if staged != "new.txt" {
		t.Fatalf("staged %q, want only new.txt", staged)
	}
	tgit(t, repo, "--work-tree="+repo, "commit", "-q", "-m", "new")
	if err := r.Merge(ctx, repo, "side"); err != nil {
		t.Fatal(err)
	}
	if !fileExists(filepath.Join(repo, "side.txt")) {
		t.Fatal("merge did not write into the checkout")
	}
	entries, _ := os.ReadDir(victim)
	if len(entries) != 1 || entries[0].Name() != "victim.txt" {
		t.Fatalf("victim directory was written: %v", entries)
	}
}

// TestForgedCommondirRefused: a commondir file inside a checkout's .git
// would borrow another repository's config, hooks and refs. Every
// operation refuses before running git.
func TestForgedCommondirRefused(t *testing.T) {
	isolate(t)
	other := newRepo(t)
	repo := newRepo(t)
	writeFile(t, filepath.Join(repo, ".git", "commondir"), filepath.Join(other, ".git")+"\n")
	var calls []Call
	r := runner(Options{Trace: func(c Call) { calls = append(calls, c) }})
	ctx := ctxT(t)
	sub := filepath.Join(repo, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}

	errs := map[string]error{}
	_, errs["Toplevel"] = r.Toplevel(ctx, sub)
	_, errs["Status"] = r.Status(ctx, repo)
	_, errs["Diff"] = r.Diff(ctx, repo)
	errs["AddAll"] = r.AddAll(ctx, repo)
	errs["Merge"] = r.Merge(ctx, repo, "main")
	_, errs["CreateWorktree"] = r.CreateWorktree(ctx, repo, filepath.Join(t.TempDir(), "ws"), "feature", "main")
	for op, err := range errs {
		if !errors.Is(err, ErrForgedCommondir) || !strings.Contains(err.Error(), "commondir") {
			t.Errorf("%s: want forged commondir refusal, got %v", op, err)
		}
	}
	if len(calls) != 0 {
		t.Fatalf("git ran despite the forged commondir: %+v", calls)
	}
	if wts := tgit(t, other, "worktree", "list", "--porcelain"); strings.Count(wts, "worktree ") != 1 {
		t.Fatalf("other repository gained a worktree:\n%s", wts)
	}
}

// TestInheritedGitEnvDropped: GIT_DIR, GIT_WORK_TREE, GIT_INDEX_FILE and
// GIT_CONFIG_* in amux's own environment point at another repository; no
// call may follow them.
func TestInheritedGitEnvDropped(t *testing.T) {
	isolate(t)
	marker := filepath.Join(t.TempDir(), "marker")
	other := newRepo(t)
	tgit(t, other, "checkout", "-q", "-b", "other-branch")
	repo := newRepo(t)
	script := filepath.Join(t.TempDir(), "fsmonitor")
	writeScript(t, script, markerCmd(marker, "env-fsmonitor"))

	t.Setenv("GIT_DIR", filepath.Join(other, ".git"))
	t.Setenv("GIT_WORK_TREE", other)
	t.Setenv("GIT_INDEX_FILE", filepath.Join(other, ".git", "index"))
	t.Setenv("GIT_CONFIG_COUNT", "1")
	t.Setenv("GIT_CONFIG_KEY_0", "core.fsmonitor")
	t.Setenv("GIT_CONFIG_VALUE_0", script)
	r := runner(Options{})
	ctx := ctxT(t)

	if b, err := r.CurrentBranch(ctx, repo); err != nil || b != "main" {
		t.Fatalf("CurrentBranch = %q, %v; want main from repo, not the env's repo", b, err)
	}
	writeFile(t, filepath.Join(repo, "new.txt"), "n\n")
	if err := r.AddAll(ctx, repo); err != nil {
		t.Fatal(err)
	}
	if st, err := r.Status(ctx, repo); err != nil || st.Changed != 1 || st.Branch != "main" {
		t.Fatalf("Status = %+v, %v; want main with one staged file", st, err)
	}
	if staged := tgit(t, other, "--git-dir="+filepath.Join(other, ".git"), "diff", "--cached", "--name-only"); staged != "" {
		t.Fatalf("other repository's index was written: %q", staged)
	}
	assertNoMarker(t, marker)
}

func TestHardenedEnvDropsAllGitVars(t *testing.T) {
	env := hardenedEnv([]string{
		"PATH=/bin", "GIT_DIR=/x", "GIT_WORK_TREE=/y", "GIT_CONFIG_PARAMETERS='a.b'='c'",
		"GIT_EXEC_PATH=/evil", "GIT_SSH_COMMAND=evil", "GIT_CONFIG_GLOBAL=/evil", "GIT_ALTERNATE_OBJECT_DIRECTORIES=/o",
	}, "/r/top", []string{"a=b"})
	got := map[string]string{}
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		if _, dup := got[k]; dup {
			t.Fatalf("duplicate %s", k)
		}
		got[k] = v
	}
	for _, k := range []string{"GIT_DIR", "GIT_WORK_TREE", "GIT_CONFIG_PARAMETERS", "GIT_EXEC_PATH", "GIT_SSH_COMMAND", "GIT_CONFIG_GLOBAL", "GIT_ALTERNATE_OBJECT_DIRECTORIES"} {
		if _, ok := got[k]; ok {
			t.Errorf("%s survived", k)
		}
	}
	if got["PATH"] != "/bin" || got["GIT_CEILING_DIRECTORIES"] != "/r" {
		t.Errorf("env = %v", env)
	}
	if got["GIT_CONFIG_KEY_0"] != "filter.a=b.clean" || got["GIT_CONFIG_VALUE_0"] != "" || got["GIT_CONFIG_COUNT"] != "4" {
		t.Errorf("filter overrides = %v", env)
	}
}
