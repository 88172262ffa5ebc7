package git

import (
	"fmt"
	"path/filepath"
	"testing"

	"amux.dev/amux/e2e/bench/benchclock"
)

// BenchmarkChanges10kFiles200Modified is one Changes refresh of a work
// tree of 10,000 tracked files with 200 modified (and 20 untracked): the
// git side of what the sidebar shows after a change. It reports the wall
// time and the CPU it costs, amux's and the git processes' together
// (cpu-ms/op), since the refresh runs one `git config` and one `git
// status`.
func BenchmarkChanges10kFiles200Modified(b *testing.B) {
	isolate(b)
	repo := repo10k(b)
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
	benchclock.Loop(b, func() error {
		_, err := r.Changes(ctx, repo)
		return err
	})
}
