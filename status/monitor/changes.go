package monitor

import (
	"context"
	"sort"
	"time"

	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/tmux"
)

// Learn of changes, do not list them. Reading every pane each second made
// the tmux server's idle cost grow with every tab while nothing changed.
// The monitor keeps the rows it read and asks tmux again only about what
// may have changed:
//
//   - the taps' wake signal (wait-for on tmux.StatusWakeChannel), which a
//     tap sends right after every publish and on the first output after a
//     quiet spell, so a report, an agent waking up or a pane dying is read
//     at once;
//   - structural notifications on the control client (sessions added,
//     closed, renamed), which re-read everything;
//   - live sessions — working, starting, or with output or input within
//     the quiet window — whose output decides when they go quiet: each poll
//     reads those sessions only, in one command;
//   - a rare safety net (fullReadEvery) for what nobody signals: tags
//     other tools set, a lease another instance took.
//
// Format subscriptions cannot replace this: tmux scopes "%*" and "@*" to the
// control client's own session, and every amux tab is a session of its own.
// Time-driven changes (quiet → idle, the done window) need no read: a poll
// classifies the rows it has against the clock, and the loop sleeps until
// the first such change is due (sleep.go). Without a control client
// (degraded to a process per call) every poll reads everything.

// fullReadEvery is the safety net: everything is read at least this often.
const fullReadEvery = 30 * time.Second

// liveMargin keeps a session live a little past its quiet window, so the
// read that sees it go quiet is taken.
const liveMargin = 2 * time.Second

// changes is what the monitor learned changed since its last read.
type changes struct {
	all bool // read every pane
}

// note records one notification from the control client.
func (c *changes) note(n tmux.Notification) {
	if n.Dropped > 0 {
		c.all = true // lost notifications: anything may have changed
	}
	switch n.Name {
	case "sessions-changed", "session-renamed", "session-closed",
		"window-add", "window-close", "unlinked-window-add", "unlinked-window-close",
		"client-detached": // perhaps the lease holder's control client: see ownerGone

		c.all = true
	}
}

// pending reports whether everything is to be read.
func (c *changes) pending() bool { return c.all }

// read returns the rows this poll classifies: everything read afresh when
// that is due, else the kept rows with the live sessions read again. full
// reports whether the rows are a complete read (sessions missing from it
// are gone).
func (s *Monitor) read(ctx context.Context, r tmux.Runner) (rows []paneRow, full bool, err error) {
	s.drainNotifications()
	now := s.now()
	_, watching := r.(*tmux.Control)
	due := !watching || s.fullAt.IsZero() || now.Sub(s.fullAt) >= fullReadEvery || s.chg.all ||
		(!s.owner && s.seenLeaseMs > 0 && now.UnixMilli() > s.seenLeaseMs)
	if !due {
		if ids := s.liveSessions(now, true); len(ids) > 0 {
			fresh, err := s.readSessions(ctx, r, ids)
			if err != nil || len(fresh) != len(ids) {
				due = true // a session went meanwhile: read everything instead
			} else {
				for _, row := range fresh {
					s.rows[row.sessionID] = row
				}
			}
		}
	}
	if due {
		s.count(1, 1)
		s.reads.Add(1)
		out, err := r.Run(ctx, readArgs()...)
		if err != nil {
			return nil, false, err
		}
		s.chg, s.fullAt = changes{}, now
		s.mu.Lock()
		clear(s.noted) // read with everything
		s.mu.Unlock()
		rows = parseRows(out)
		s.noteLease(rows)
		return rows, true, nil
	}
	return s.keptRows(), false, nil
}

// liveSessions lists the kept sessions whose output may change their state
// by itself: working, or with output or input amux saw within the quiet
// window, or noted by the UI since the last read (take: that read is now,
// so the notes are taken).
func (s *Monitor) liveSessions(now time.Time, take bool) []string {
	s.mu.Lock()
	window := s.cfg.QuietAfter + liveMargin
	var ids []string
	for id, row := range s.rows {
		st := s.prev[id]
		recent := max(lastOutput(row.activitySec, max(s.outputAt[row.name], row.outputMs)),
			s.inputAt[row.name], row.inputMs)
		if st == agentstate.Working || now.UnixMilli()-recent < window.Milliseconds() || s.noted[row.name] {
			ids = append(ids, id)
		}
	}
	if take {
		clear(s.noted)
	}
	s.mu.Unlock()
	sort.Strings(ids)
	return ids
}

// readSessions reads the panes of the given sessions, in one command.
func (s *Monitor) readSessions(ctx context.Context, r tmux.Runner, ids []string) ([]paneRow, error) {
	cmds := make([][]string, 0, len(ids))
	for _, id := range ids {
		cmds = append(cmds, sessionReadArgs(id))
	}
	s.count(1, len(cmds))
	s.reads.Add(1)
	out, err := r.Run(ctx, tmux.Chain(cmds...)...)
	if err != nil {
		return nil, err
	}
	return parseRows(out), nil
}

// drainNotifications notes what the control client said since the loop
// last listened, without waiting.
func (s *Monitor) drainNotifications() {
	ch := s.notifications()
	for {
		select {
		case n, ok := <-ch:
			if !ok {
				return
			}
			s.chg.note(n)
		default:
			return
		}
	}
}

// keptRows returns the rows kept from earlier reads, in a stable order.
func (s *Monitor) keptRows() []paneRow {
	rows := make([]paneRow, 0, len(s.rows))
	for _, row := range s.rows {
		rows = append(rows, row)
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].sessionID < rows[j].sessionID })
	return rows
}

// noteLease keeps the lease a full read showed, so a monitor that does not
// hold it reads again once it has expired (its owner may be gone).
func (s *Monitor) noteLease(rows []paneRow) {
	s.seenLeaseMs = 0
	if len(rows) > 0 && rows[0].owner != s.instance {
		s.seenLeaseMs = rows[0].leaseMs
	}
}

// watchWakes starts waiting for the taps' wake signal on behalf of a fresh
// control client (stopWaker ends it with the client).
func (s *Monitor) watchWakes() {
	s.stopWaker()
	ctx, cancel := context.WithCancel(context.Background())
	s.stopWake = cancel
	go s.waitWakes(ctx)
}

// waitWakes blocks in `wait-for` on the taps' channel and nudges the loop
// each time a tap signals it, until ctx ends. It is one tmux process that
// sleeps in the server: nothing runs while nothing is reported.
func (s *Monitor) waitWakes(ctx context.Context) {
	for ctx.Err() == nil {
		wctx, cancel := context.WithTimeout(ctx, 10*time.Minute)
		_, err := s.client.Run(wctx, "wait-for", tmux.StatusWakeChannel)
		cancel()
		if ctx.Err() != nil {
			return
		}
		if err != nil {
			// The server went or refused: the control client's end will
			// stop this waiter; do not spin meanwhile.
			select {
			case <-time.After(pollInterval):
			case <-ctx.Done():
				return
			}
			continue
		}
		select {
		case s.wakes <- struct{}{}:
		default:
		}
	}
}

// waitNews waits until a poll is due: the time next (see nextPoll), a
// nudge, the UI's poke, a tap's wake, or a notification that says something
// the monitor reads changed. It returns false when ctx ended (the lease
// given up).
func (s *Monitor) waitNews(ctx context.Context, next time.Time) bool {
	timer := time.NewTimer(max(next.Sub(s.now()), 0))
	defer timer.Stop()
	for {
		select {
		case <-ctx.Done():
			s.stopWaker()
			s.release()
			return false
		case <-timer.C:
			return true
		case <-s.pokes:
			return true // the UI saw activity on a still session, or new timings
		case <-s.nudge:
			s.lookedAt = time.Time{}
			s.chg.all = true // amux made a session: read it now
			return true
		case <-s.wakes:
			s.chg.all = true // a tap published: which pane is not said
			return true
		case n, ok := <-s.notifications():
			if !ok {
				return true // the client ended: the poll reattaches
			}
			if s.chg.note(n); s.chg.pending() {
				return true
			}
		}
	}
}

// notifications is the control client's notification channel (nil, which
// never delivers, when there is none).
func (s *Monitor) notifications() <-chan tmux.Notification {
	if s.ctl == nil {
		return nil
	}
	return s.ctl.Notifications()
}

// stopWaker ends the wait for the taps' signal that went with the control
// client.
func (s *Monitor) stopWaker() {
	if s.stopWake != nil {
		s.stopWake()
		s.stopWake = nil
	}
}
