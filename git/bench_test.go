package git

import (
	"fmt"
	"path/filepath"
	"testing"
	"time"
)

// BenchmarkCreateRemoveWorktree10k measures a workspace's git lifecycle in a
// repository of 10,000 files, built once: create (new branch + worktree) and
// remove (worktree removal + branch deletion), reported as create-ms/op and
// remove-ms/op. The raw-git sub-benchmark runs the bare git commands for
// comparison, so the runner's own overhead is the difference. Checkout is
// file-creation bound: run with TMPDIR on tmpfs to see git rather than disk.
func BenchmarkCreateRemoveWorktree10k(b *testing.B) {
	isolate(b)
	repo := repo10k(b)
	r := New(Options{})

	b.Run("amux", func(b *testing.B) {
		ctx := b.Context()
		measure(b, func(root, branch string) {
			if _, err := r.CreateWorktree(ctx, repo, root, branch, "main"); err != nil {
				b.Fatal(err)
			}
		}, func(root, branch string) {
			if err := r.RemoveWorktree(ctx, repo, root, false); err != nil {
				b.Fatal(err)
			}
			if err := r.DeleteBranch(ctx, repo, branch); err != nil {
				b.Fatal(err)
			}
		})
	})
	b.Run("raw-git", func(b *testing.B) {
		measure(b, func(root, branch string) {
			tgit(b, repo, "worktree", "add", "-q", "--no-track", "-b", branch, root, "main")
		}, func(root, branch string) {
			tgit(b, repo, "worktree", "remove", root)
			tgit(b, repo, "branch", "-q", "-D", branch)
		})
	})
}

func measure(b *testing.B, create, remove func(root, branch string)) {
	wts := b.TempDir()
	var tc, tr time.Duration
	n := 0
	for b.Loop() {
		branch := fmt.Sprintf("ws%d", n)
		root := filepath.Join(wts, branch)
		n++
		t0 := time.Now()
		create(root, branch)
		t1 := time.Now()
		remove(root, branch)
		tc += t1.Sub(t0)
		tr += time.Since(t1)
	}
	b.ReportMetric(float64(tc.Microseconds())/1e3/float64(n), "create-ms/op")
	b.ReportMetric(float64(tr.Microseconds())/1e3/float64(n), "remove-ms/op")
}

// repo10k is a repository of 10,000 files in 100 directories, one commit,
// for the benchmarks.
func repo10k(b *testing.B) string {
	b.Helper()
	repo := filepath.Join(b.TempDir(), "repo")
	tgit(b, b.TempDir(), "init", "-q", repo)
	for d := range 100 {
		for f := range 100 {
			writeFile(b, filepath.Join(repo, fmt.Sprintf("d%02d", d), fmt.Sprintf("f%02d.txt", f)),
				fmt.Sprintf("file %d/%d\n", d, f))
		}
	}
	tgit(b, repo, "add", "-A")
	tgit(b, repo, "commit", "-q", "-m", "10k files")
	return repo
}
