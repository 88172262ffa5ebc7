package termview

import (
	"sync/atomic"
	"time"
)

// Stats are a terminal's running totals, for a debug view and benchmarks.
type Stats struct {
	BytesRead uint64        // PTY output read and emulated
	Reads     uint64        // PTY reads that returned data
	Frames    uint64        // frames published
	Paused    time.Duration // time the reader waited for the next frame or emulation budget
}

type counters struct {
	bytes, reads, frames atomic.Uint64
	paused               atomic.Int64
	wakes                atomic.Uint64 // suspended clients woken (suspend.go)
}

// Stats returns the terminal's running totals.
func (t *Terminal) Stats() Stats {
	return Stats{BytesRead: t.stats.bytes.Load(), Reads: t.stats.reads.Load(), Frames: t.stats.frames.Load(), Paused: time.Duration(t.stats.paused.Load())}
}
