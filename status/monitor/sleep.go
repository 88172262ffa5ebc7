package monitor

import "time"

// Sleeping while still. A poll that reads nothing still classified every
// kept row against the clock, built its result and fed the collector, once
// a second: most of amux's idle CPU with many tabs. Yet while nothing is
// live, only a few moments can change anything: a tracker's next
// time-driven change (agentstate.Tracker.NextChange: a done window ends, a
// report goes stale), the lease renewal, the safety-net read, the next look
// for sessions. The loop sleeps until the first of them. Everything else
// that can change a state wakes it at once instead: the taps' wake signal,
// the control client's notifications, Wake, and the UI's notes of activity
// on a session that had gone quiet (note).

// nextPoll is when the loop must poll again if nothing wakes it first,
// given the poll that just ended.
func (s *Monitor) nextPoll(now time.Time) time.Time {
	soon := now.Add(pollInterval)
	if s.ctl == nil {
		if !s.lookedAt.IsZero() {
			return s.lookedAt.Add(idleLook) // nothing to watch
		}
		return soon // degraded to a process per call, or a failed poll: as before
	}
	if s.chg.pending() || len(s.liveSessions(now, false)) > 0 || s.unsettledScreen() {
		return soon
	}
	next := s.fullAt.Add(fullReadEvery)
	if s.owner && s.leaseMs > 0 {
		next = earliest(next, time.UnixMilli(s.leaseMs).Add(-(leaseTTL - leaseRenew)))
	}
	if !s.owner && s.seenLeaseMs > 0 {
		next = earliest(next, time.UnixMilli(s.seenLeaseMs+1)) // another's lease runs out: claim it
	}
	if s.owner && s.repair != nil && s.tapRep.gap != 0 && s.tapRep.next.After(now) {
		next = earliest(next, s.tapRep.next) // a repair's backoff ends
	}
	for _, tr := range s.trackers {
		if at := tr.NextChange(); !at.IsZero() {
			next = earliest(next, at)
		}
	}
	if !next.After(now) {
		return soon // due already (the next look differs, or a write failed): no spinning
	}
	return next
}

// unsettledScreen reports whether a capture was taken within the second of
// its pane's activity, which the next poll must take again (see screen).
func (s *Monitor) unsettledScreen() bool {
	for id, c := range s.screens {
		if _, ok := s.rows[id]; ok && !c.settled {
			return true
		}
	}
	return false
}

func earliest(a, b time.Time) time.Time {
	if b.Before(a) {
		return b
	}
	return a
}

// note records activity the UI saw in one of the maps. A still loop reads
// only live sessions, so the first note after a quiet spell (none for the
// quiet window) wakes it and has that session read at once; later notes —
// every keystroke, every frame — find the loop polling the session already
// and cost only the map write.
func (s *Monitor) note(m map[string]int64, session string, at time.Time) {
	ms := at.UnixMilli()
	s.mu.Lock()
	last := max(s.inputAt[session], s.outputAt[session])
	m[session] = ms
	wake := ms-last >= s.cfg.QuietAfter.Milliseconds()
	if wake {
		s.noted[session] = true
	}
	s.mu.Unlock()
	if wake {
		s.poke()
	}
}

// poke asks the loop for a poll now, without blocking.
func (s *Monitor) poke() {
	select {
	case s.pokes <- struct{}{}:
	default:
	}
}

// count adds lines command lines holding cmds tmux commands to the
// counters.
func (s *Monitor) count(lines, cmds int) {
	s.commands.Add(int64(lines))
	s.sent.Add(int64(cmds))
}
