package termview

import "time"

// budget is a token bucket measured in time: up to burst may be spent at
// once, and share of every second that passes is earned back. Terminal uses
// two, both generous enough that interactive work never meets them:
//
//   - emulation time (share = a fraction of a core): once a flood has used
//     it up the reader pauses, the PTY fills, and tmux — seeing our client
//     fall behind — discards output and redraws the screen when it can,
//     exactly as it treats a plain client on a slow link. amux's cost for
//     any flood stays near the burst;
//   - frames (share 1, each frame costing 1/rate): short bursts of output
//     are shown at the full frame rate, sustained output at the lower rate.
//     Every frame makes the program re-render its whole screen, which, not
//     the emulation, is what a long flood costs.
type budget struct {
	share float64 // 0 < share ≤ 1
	burst time.Duration
	level time.Duration // available now; negative means in debt
	last  time.Time
}

func newBudget(share float64, burst time.Duration, now time.Time) *budget {
	return &budget{share: share, burst: burst, level: burst, last: now}
}

// refill adds what elapsed since the last call earned, up to burst.
func (b *budget) refill(now time.Time) {
	if d := now.Sub(b.last); d > 0 {
		b.level = min(b.level+time.Duration(float64(d)*b.share), b.burst)
	}
	b.last = now
}

// spend charges work done at now.
func (b *budget) spend(work time.Duration, now time.Time) {
	b.refill(now)
	b.level -= work
}

// wait is how long to pause before more work is allowed.
func (b *budget) wait(now time.Time) time.Duration {
	b.refill(now)
	if b.level >= 0 {
		return 0
	}
	return time.Duration(float64(-b.level) / b.share)
}
