package e2e

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/e2e/harness"
)

// BenchmarkChangeAppearsInChanges is how long after an agent writes a file
// its row is on screen in the sidebar's Changes (issue 13: within a
// second, without a key): inotify, the watcher's debounce, one review and
// a frame, read through the outer terminal every 5 ms. It reports the
// median and the slowest of the iterations.
//
// Run: go test ./e2e -run XXX -bench ChangeAppearsInChanges -benchtime 20x
func BenchmarkChangeAppearsInChanges(b *testing.B) {
	env := harness.NewEnv(b)
	repo := env.NewRepo(b, "shop")
	term, root := harness.StartReview(b, env, repo, "feat")
	var took []time.Duration
	i := 0
	for b.Loop() {
		name := fmt.Sprintf("note%03d.txt", i)
		i++
		start := time.Now()
		harness.WriteFile(b, filepath.Join(root, name), "x\n")
		for !strings.Contains(term.Screen(), name) {
			if time.Since(start) > 10*time.Second {
				b.Fatalf("%s never appeared:\n%s", name, term.Screen())
			}
			time.Sleep(5 * time.Millisecond)
		}
		took = append(took, time.Since(start))
	}
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)/2].Microseconds())/1e3, "median-ms")
	b.ReportMetric(float64(took[len(took)-1].Microseconds())/1e3, "max-ms")
}
