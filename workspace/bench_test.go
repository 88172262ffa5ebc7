package workspace

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// BenchmarkCreateDelete10k creates and deletes a workspace in a repository
// of 10,000 files and reports each half separately (create-ms, delete-ms):
// both are dominated by git writing or removing the checkout.
func BenchmarkCreateDelete10k(b *testing.B) {
	repo := filepath.Join(b.TempDir(), "app")
	for i := range 10000 {
		p := filepath.Join(repo, fmt.Sprintf("d%02d", i/100), fmt.Sprintf("f%04d.txt", i))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(fmt.Sprintf("file %d\n", i)), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	runGit(b, repo, "init", "-q", "-b", "main")
	runGit(b, repo, "add", "-A")
	runGit(b, repo, "commit", "-q", "-m", "10k files")
	e := newEngine(b, nil)
	ctx := context.Background()
	var create, del time.Duration
	b.ResetTimer()
	for i := range b.N {
		start := time.Now()
		res, err := e.Create(ctx, CreateRequest{Repo: repo, Name: fmt.Sprintf("bench-%d", i), SkipSetup: true})
		if err != nil {
			b.Fatal(err)
		}
		mid := time.Now()
		if _, err := e.Delete(ctx, res.Workspace.ID, DeleteOptions{}); err != nil {
			b.Fatal(err)
		}
		create += mid.Sub(start)
		del += time.Since(mid)
	}
	b.ReportMetric(float64(create.Milliseconds())/float64(b.N), "create-ms")
	b.ReportMetric(float64(del.Milliseconds())/float64(b.N), "delete-ms")
}
