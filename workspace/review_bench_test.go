package workspace

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"amux.dev/amux/e2e/bench/benchclock"
	"amux.dev/amux/git"
)

// BenchmarkReview10kFiles200Modified is one sidebar refresh (Engine.Review)
// of a workspace whose worktree holds 10,000 tracked files with 200
// modified and 20 untracked, on a branch three commits ahead of its base:
// the whole git side of what the Changes tab shows after a change. It
// reports wall time, CPU (amux's and its git processes' together) and how
// many git processes one refresh runs. The frame target is 16.7 ms.
func BenchmarkReview10kFiles200Modified(b *testing.B) {
	repo := filepath.Join(b.TempDir(), "app")
	for d := range 100 {
		for f := range 100 {
			mustWrite(b, filepath.Join(repo, fmt.Sprintf("d%02d", d), fmt.Sprintf("f%02d.txt", f)),
				fmt.Sprintf("file %d/%d\n", d, f))
		}
	}
	runGit(b, repo, "init", "-q", "-b", "main")
	runGit(b, repo, "add", "-A")
	runGit(b, repo, "commit", "-q", "-m", "10k files")
	var procs atomic.Int64
	e := newEngine(b, func(o *Options) {
		o.Git = git.New(git.Options{Trace: func(git.Call) { procs.Add(1) }})
	})
	ctx := context.Background()
	res, err := e.Create(ctx, CreateRequest{Repo: repo, Name: "bench", SkipSetup: true})
	if err != nil {
		b.Fatal(err)
	}
	id, root := res.Workspace.ID, res.Workspace.Root
	for i := range 3 {
		mustWrite(b, filepath.Join(root, fmt.Sprintf("c%d.txt", i)), "commit\n")
		runGit(b, root, "add", "-A")
		runGit(b, root, "commit", "-q", "-m", fmt.Sprintf("commit %d", i))
	}
	// Files the checkout wrote in the same second as its index are racily
	// clean: status would re-read every one of them until some git writes
	// the index again. An agent's worktree has long since settled; date
	// the checkout an hour back so the index below is written after it.
	old := time.Now().Add(-time.Hour)
	if err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.Name() == ".git" {
			return err
		}
		return os.Chtimes(p, old, old)
	}); err != nil {
		b.Fatal(err)
	}
	for i := range 200 {
		mustWrite(b, filepath.Join(root, fmt.Sprintf("d%02d", i%100), fmt.Sprintf("f%02d.txt", i/100)), "modified\n")
	}
	for i := range 20 {
		mustWrite(b, filepath.Join(root, "new", fmt.Sprintf("n%02d.txt", i)), "new\n")
	}
	// The agent's own git refreshes the index now and then; amux's status
	// never writes it.
	runGit(b, root, "status")
	if r, err := e.Review(ctx, id); err != nil || r.Changes.UnstagedCount != 200 ||
		r.Changes.UntrackedCount != 20 || r.CommitCount != 3 || r.Landing != "" {
		b.Fatalf("setup: %+v %v", r, err)
	}
	procs.Store(0)
	n := benchclock.Loop(b, func() error {
		_, err := e.Review(ctx, id)
		return err
	})
	b.ReportMetric(float64(procs.Load())/float64(n), "git-procs/op")
}
