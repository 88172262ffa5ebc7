package git

import (
	"fmt"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// BenchmarkChanges10kFiles200Modified is one Changes refresh of a work
// tree of 10,000 tracked files with 200 modified (and 20 untracked): the
// git side of what the sidebar shows after a change. It reports the wall
// time and the CPU it costs, amux's and the git processes' together
// (cpu-ms/op), since the refresh runs one `git config` and one `git
// status`.
func BenchmarkChanges10kFiles200Modified(b *testing.B) {
	isolate(b)
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
	for i := range 200 {
		writeFile(b, filepath.Join(repo, fmt.Sprintf("d%02d", i%100), fmt.Sprintf("f%02d.txt", i/100)), "modified\n")
	}
	for i := range 20 {
		writeFile(b, filepath.Join(repo, "new", fmt.Sprintf("n%02d.txt", i)), "new\n")
	}
	// The person's or the agent's own git refreshes the index now and
	// then; amux's status never writes it (GIT_OPTIONAL_LOCKS=0).
	tgit(b, repo, "status")
	r := New(Options{})
	ctx := b.Context()
	if c, err := r.Changes(ctx, repo); err != nil || c.UnstagedCount != 200 || c.UntrackedCount != 20 {
		b.Fatalf("setup: %+v %v", c, err)
	}
	cpu0 := cpuTime()
	start := time.Now()
	n := 0
	for b.Loop() {
		if _, err := r.Changes(ctx, repo); err != nil {
			b.Fatal(err)
		}
		n++
	}
	wall := time.Since(start)
	b.ReportMetric(float64(wall.Microseconds())/1e3/float64(n), "wall-ms/op")
	b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/1e3/float64(n), "cpu-ms/op")
}

// cpuTime is the user and system time of this process and its waited-for
// children.
func cpuTime() time.Duration {
	var total time.Duration
	for _, who := range []int{syscall.RUSAGE_SELF, syscall.RUSAGE_CHILDREN} {
		var ru syscall.Rusage
		if syscall.Getrusage(who, &ru) == nil {
			total += time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
		}
	}
	return total
}
