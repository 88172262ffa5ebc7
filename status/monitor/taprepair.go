package monitor

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"amux.dev/amux/config/procid"
	"amux.dev/amux/status"
)

// Repairing dead taps. When the shared tap dies (killed, out of memory) no
// pane's report is read any more, and nothing tells anyone: the panes'
// @amux_tap still names it. The scan owner — one amux per server, so two
// instances never repair the same panes — notices on a read that a tap
// which announced itself is gone and reinstalls the taps of those
// sessions once (Options.RepairTap); the first reinstall starts a new
// shared tap, which also adopts every other orphaned pane. If taps are
// found dead again, the next attempt waits, twice as long each time, so a
// tap that cannot run (a binary gone, a full disk) costs a few attempts an
// hour, never a loop.

// Repair backoff: the first attempt goes at once; each later one waits
// twice as long as the one before, up to repairMaxGap. A read that finds
// every tap alive starts over.
const (
	repairFirstGap = 30 * time.Second
	repairMaxGap   = 15 * time.Minute
)

// tapRepair is the monitor's repair state, touched only by the Run
// goroutine but for busy, which the repair's goroutine clears.
type tapRepair struct {
	next time.Time     // no attempt before this
	gap  time.Duration // the wait after the next attempt
	busy chan struct{} // capacity 1: held while an attempt runs
}

// deadTaps are the sessions of rows whose tap announced itself and is gone
// (its process ended, or tmux closed the pipe). Panes whose program exited
// have nothing to tap; panes never tapped are the Health overlay's to
// repair, by hand.
func deadTaps(rows []paneRow) []string {
	alive := map[string]bool{} // by identity: one shared tap serves every pane
	var out []string
	for _, row := range rows {
		if row.dead || row.tap == "" {
			continue
		}
		pid, token, ok := status.ParseTapIdentity(row.tap)
		if !ok {
			continue
		}
		live, seen := alive[row.tap]
		if !seen {
			live = procid.Alive(pid, token)
			alive[row.tap] = live
		}
		if !live || !row.pipe {
			out = append(out, row.name)
		}
	}
	sort.Strings(out)
	return out
}

// repairTaps starts, when it is due, the repair of the dead taps among
// the rows just read. It runs only for the scan owner and never blocks a
// poll: the repair runs in its own goroutine and says what it did in a
// later Result (Repaired).
func (s *Monitor) repairTaps(ctx context.Context, rows []paneRow, now time.Time) {
	if s.repair == nil || len(rows) == 0 {
		return
	}
	dead := deadTaps(rows)
	if len(dead) == 0 {
		if s.tapRep.gap != 0 && now.After(s.tapRep.next) {
			s.tapRep.gap = 0 // healthy again: a later death is repaired at once
		}
		return
	}
	if now.Before(s.tapRep.next) {
		return
	}
	select {
	case s.tapRep.busy <- struct{}{}:
	default:
		return // an attempt still runs
	}
	if s.tapRep.gap == 0 {
		s.tapRep.gap = repairFirstGap
	}
	s.tapRep.next = now.Add(s.tapRep.gap)
	s.tapRep.gap = min(2*s.tapRep.gap, repairMaxGap)
	s.logf("status taps died in %s: reinstalling them", strings.Join(dead, ", "))
	go func() {
		defer func() { <-s.tapRep.busy }()
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		defer cancel()
		var failed []string
		for _, name := range dead {
			if err := s.repair(rctx, name); err != nil {
				s.logf("status tap of %s not reinstalled: %v", name, err)
				failed = append(failed, name)
			}
		}
		note := fmt.Sprintf("a status tap had died: reinstalled %d of %d", len(dead)-len(failed), len(dead))
		if len(failed) > 0 {
			note += " (failed: " + strings.Join(failed, ", ") + "; Health says more)"
		}
		s.mu.Lock()
		s.repaired = note
		s.mu.Unlock()
		s.Wake() // the next poll carries the note and reads the new taps
	}()
}

// takeRepaired returns the note of a repair that finished since the last
// call ("" if none).
func (s *Monitor) takeRepaired() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := s.repaired
	s.repaired = ""
	return n
}

func (s *Monitor) logf(format string, args ...any) {
	if s.log != nil {
		s.log.Warn(fmt.Sprintf(format, args...))
	}
}
