package treewatch

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

func write(t *testing.T, p, s string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

// gitRepo makes a real repository with one commit.
func gitRepo(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	t.Setenv("HOME", dir)
	for _, args := range [][]string{{"init", "-q"}, {"-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "init"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v %s", args, err, out)
		}
	}
	return dir
}

func start(t *testing.T, o Options) *Watcher {
	t.Helper()
	w, err := Start(o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.Close)
	return w
}

// await waits for one signal, failing after a generous deadline.
func await(t *testing.T, w *Watcher, what string) {
	t.Helper()
	select {
	case <-w.C:
	case <-time.After(10 * time.Second):
		t.Fatalf("no change signalled after %s", what)
	}
}

func TestSignalsAWriteAndAFileInANewDirectory(t *testing.T) {
	root := gitRepo(t)
	write(t, filepath.Join(root, "src/a.go"), "package a\n")
	w := start(t, Options{Root: root})
	if m, why := w.Mode(); m != Inotify {
		t.Fatalf("mode %v (%s), want inotify", m, why)
	}
	write(t, filepath.Join(root, "src/a.go"), "package b\n")
	await(t, w, "a write")
	if err := os.MkdirAll(filepath.Join(root, "new/deeper"), 0o755); err != nil {
		t.Fatal(err)
	}
	await(t, w, "a mkdir")
	// The new directory is watched: a file inside it is seen too.
	before := w.Watches()
	write(t, filepath.Join(root, "new/deeper/f"), "x")
	await(t, w, "a write in a new directory")
	if w.Watches() < before || w.Watches() < 4 { // root, src, new, new/deeper (+ .git dir)
		t.Fatalf("watches %d", w.Watches())
	}
}

func TestSignalsAnIndexChangeButNotGitInternals(t *testing.T) {
	root := gitRepo(t)
	w := start(t, Options{Root: root})
	gd := filepath.Join(root, ".git")
	for _, p := range []string{"objects/ab/cdef", "index.lock", "logs/HEAD", "refs/heads/x", "config"} {
		if w.relevant(filepath.Join(gd, p)) {
			t.Errorf("%s counts as a change", p)
		}
	}
	for _, p := range []string{"index", "HEAD", "MERGE_HEAD"} {
		if !w.relevant(filepath.Join(gd, p)) {
			t.Errorf("%s does not count", p)
		}
	}
	if !w.relevant(filepath.Join(root, "a", "b.txt")) || w.relevant(filepath.Join(root, "sub", ".git", "x")) {
		t.Error("work tree paths misjudged")
	}
	// Only the git directory itself is watched, none of its subdirectories.
	if n := w.Watches(); n != 2 {
		t.Fatalf("watches %d, want the root and the git dir", n)
	}
	cmd := exec.Command("git", "update-index", "--refresh")
	cmd.Dir = root
	write(t, filepath.Join(root, "f"), "1")
	exec.Command("git", "-C", root, "add", "f").Run()
	await(t, w, "git add")
}

// TestLinkedWorktreeWatchesItsGitDir: a linked worktree's .git is a file;
// its index lives under the common dir's worktrees/<id>.
func TestLinkedWorktreeWatchesItsGitDir(t *testing.T) {
	repo := gitRepo(t)
	wt := filepath.Join(t.TempDir(), "wt")
	if out, err := exec.Command("git", "-C", repo, "worktree", "add", "-q", "-b", "feat", wt).CombinedOutput(); err != nil {
		t.Fatalf("%v %s", err, out)
	}
	w := start(t, Options{Root: wt})
	real, _ := filepath.EvalSymlinks(filepath.Join(repo, ".git", "worktrees", "wt"))
	if got, _ := filepath.EvalSymlinks(w.gitDir); got != real {
		t.Fatalf("git dir %q, want %q", w.gitDir, real)
	}
	write(t, filepath.Join(wt, "f"), "1")
	await(t, w, "a write")
	if out, err := exec.Command("git", "-C", wt, "add", "f").CombinedOutput(); err != nil {
		t.Fatalf("%v %s", err, out)
	}
	await(t, w, "git add in the linked worktree")
}

// TestFallsBackToPollingPastTheWatchLimit: a tree with more directories
// than allowed is polled instead, and a change is still signalled.
func TestFallsBackToPollingPastTheWatchLimit(t *testing.T) {
	root := t.TempDir()
	for i := range 5 {
		write(t, filepath.Join(root, "d"+strconv.Itoa(i), "f"), "x")
	}
	w := start(t, Options{Root: root, MaxWatches: 3, Poll: 50 * time.Millisecond})
	if m, why := w.Mode(); m != Polling || why == "" {
		t.Fatalf("mode %v (%q), want polling with a reason", m, why)
	}
	if w.Watches() != 0 {
		t.Fatalf("%d watches kept while polling", w.Watches())
	}
	write(t, filepath.Join(root, "d3", "f"), "changed size")
	await(t, w, "a write while polling")
}

// TestSkippedDirectoriesAreNotWatched: ignored directories (node_modules)
// cost no watch and signal nothing.
func TestSkippedDirectoriesAreNotWatched(t *testing.T) {
	root := t.TempDir()
	for i := range 10 {
		write(t, filepath.Join(root, "node_modules", "p"+strconv.Itoa(i), "index.js"), "x")
	}
	write(t, filepath.Join(root, "src", "a"), "x")
	w := start(t, Options{Root: root, Skip: []string{"node_modules"}})
	if n := w.Watches(); n != 2 {
		t.Fatalf("watches %d, want root and src", n)
	}
}

func TestCloseIsIdempotent(t *testing.T) {
	w, err := Start(Options{Root: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	w.Close()
	w.Close()
	if _, open := <-w.C; open {
		t.Fatal("C stays open after Close: a reader would wait forever")
	}
}
