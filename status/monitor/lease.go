package monitor

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"amux.dev/amux/tmux"
)

// Lease timing. Every option write makes tmux redraw every attached client
// (measured on 3.3a), so the owner renews sparingly — every leaseRenew, not
// every poll — and writes every key, global and per session, in one
// command (one redraw): a dead owner is replaced within leaseTTL plus a
// poll.
const (
	leaseTTL   = 12 * time.Second
	leaseRenew = 4 * time.Second // renew once less than TTL-renew is left
)

// LeaseTTL is how long a lease holds without renewal: another amux takes
// over within it (plus a poll) once the owner is gone.
const LeaseTTL = leaseTTL

// The lease lives in @amux_session_owner, @amux_session_lease_ms and
// @amux_owner_heartbeat_ms, both as global options (what a session without
// its own copy resolves to) and on every session, so an orchestrator reads
// them per session with the contract's recipe
// (show-options -t <session> -v @amux_session_owner). Both always carry the
// same values: a renewal rewrites all of them in one command, and a session
// that appeared since gets its copy in the next poll's batch.

// leaseKeys are the three keys with the values of a lease expiring at
// leaseMs, renewed at heartbeatMs.
func (s *Monitor) leaseKeys(leaseMs, heartbeatMs int64) []tmux.SetOption {
	return []tmux.SetOption{
		{Key: tmux.TagSessionOwner, Value: s.instance},
		{Key: tmux.TagSessionLeaseMs, Value: strconv.FormatInt(leaseMs, 10)},
		{Key: tmux.TagOwnerHeartbeatMs, Value: strconv.FormatInt(heartbeatMs, 10)},
	}
}

// sessionLeaseArgs writes the lease keys on one session.
func (s *Monitor) sessionLeaseArgs(sessionID string) [][]string {
	var cmds [][]string
	for _, o := range s.leaseKeys(s.leaseMs, s.heartbeatMs) {
		cmds = append(cmds, tmux.SetSessionOptionArgs(sessionID, o.Key, o.Value))
	}
	return cmds
}

// lease decides whether this instance is the scan owner and writes what
// that takes: renew our lease, or claim an absent or expired one. A claim
// only counts once a later read shows our name, so two instances claiming
// at once settle on the last writer without both publishing.
func (s *Monitor) lease(ctx context.Context, r tmux.Runner, rows []paneRow, now time.Time, res *Result) bool {
	if len(rows) == 0 {
		return false
	}
	owner, leaseMs := rows[0].owner, rows[0].leaseMs
	ms := now.UnixMilli()
	claim := owner == s.instance || owner == "" || leaseMs < ms
	if !claim {
		s.leased = map[string]int64{}
		return false
	}
	if owner == s.instance && leaseMs-ms > (leaseTTL-leaseRenew).Milliseconds() && s.leaseMs == leaseMs {
		return true // ours and fresh: no write, no redraw
	}
	next, cmds := ms+leaseTTL.Milliseconds(), [][]string(nil)
	for _, o := range s.leaseKeys(next, ms) {
		cmds = append(cmds, tmux.SetGlobalOptionArgs(o.Key, o.Value))
		for _, row := range rows {
			cmds = append(cmds, tmux.SetSessionOptionArgs(row.sessionID, o.Key, o.Value))
		}
	}
	s.commands++
	if _, err := r.Run(ctx, tmux.Chain(cmds...)...); err != nil {
		res.Errs = append(res.Errs, fmt.Errorf("monitor lease: %w", err))
		return false
	}
	s.leaseMs, s.heartbeatMs = next, ms
	s.leased = map[string]int64{}
	for _, row := range rows {
		s.leased[row.sessionID] = next
	}
	if owner != s.instance {
		// A claim counts only once a read shows our name: read again.
		s.chg.all = true
		return false
	}
	// A renewal: the kept rows carry what was just written, so the next
	// poll, which may not read, sees the lease as ours and fresh.
	for i := range rows {
		rows[i].owner, rows[i].leaseMs = s.instance, next
	}
	return true
}

// leaseCopies returns the writes that give sessions seen since the last
// renewal their copy of the lease keys (the owner's, each poll).
func (s *Monitor) leaseCopies(rows []paneRow) [][]string {
	var w [][]string
	for _, row := range rows {
		if s.leased[row.sessionID] != s.leaseMs {
			w = append(w, s.sessionLeaseArgs(row.sessionID)...)
			s.leased[row.sessionID] = s.leaseMs
		}
	}
	return w
}

// release gives the lease up at exit so another instance takes over at
// once: the global expiry and every session's copy go to 0, if the lease is
// still ours when tmux runs it.
func (s *Monitor) release() {
	if !s.owner || s.ctl == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	cmds := [][]string{{"set-option", "-g", tmux.TagSessionLeaseMs, "0"}}
	for id := range s.leased {
		cmds = append(cmds, tmux.SetSessionOptionArgs(id, tmux.TagSessionLeaseMs, "0"))
	}
	_, _ = s.ctl.Run(ctx, "if-shell", "-F", "#{==:#{"+tmux.TagSessionOwner+"},"+s.instance+"}",
		tmux.CommandLine(tmux.Chain(cmds...)...))
	s.ctl.Close()
}
