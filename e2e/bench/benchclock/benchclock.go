// Package benchclock measures what amux's benchmarks report beside ns/op:
// wall and CPU milliseconds per operation, the CPU counting this process
// and the children it waited for (the git and tmux processes an operation
// runs) together. Only benchmarks import it.
package benchclock

import (
	"syscall"
	"testing"
	"time"
)

// CPU is the user and system time of this process and of its waited-for
// children so far.
func CPU() time.Duration {
	var total time.Duration
	for _, who := range []int{syscall.RUSAGE_SELF, syscall.RUSAGE_CHILDREN} {
		var ru syscall.Rusage
		if syscall.Getrusage(who, &ru) == nil {
			total += time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
		}
	}
	return total
}

// Loop runs op once per b.Loop iteration, failing the benchmark on its
// first error, and reports wall-ms/op and cpu-ms/op. It returns the number
// of operations, for a caller's own per-op metrics.
func Loop(b *testing.B, op func() error) int {
	b.Helper()
	cpu0, start, n := CPU(), time.Now(), 0
	for b.Loop() {
		if err := op(); err != nil {
			b.Fatal(err)
		}
		n++
	}
	wall := time.Since(start)
	b.ReportMetric(float64(wall.Microseconds())/1e3/float64(n), "wall-ms/op")
	b.ReportMetric(float64((CPU()-cpu0).Microseconds())/1e3/float64(n), "cpu-ms/op")
	return n
}
