package monitor

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"amux.dev/amux/tmux"
)

// Lease timing. Every option write costs the tmux server a pass over every
// session and client (about 37 µs each with 50 sessions, measured on 3.3a),
// and a renewal writes its keys globally and on every session: renewing
// every 4 s was most of the server's idle cost at 50 tabs. So the owner
// renews every leaseRenew, in one command, rewriting only what moves (the
// expiry and the heartbeat; the owner's name and client only where they
// are not this owner's already), and the lease is long — a
// crashed or quitting owner is replaced at once anyway: its control client
// leaves the server (tmux tells every control client, %client-detached),
// and the pid it recorded in TagOwnerClient is no longer a client. Only a
// hung owner, whose client stays, is waited out for leaseTTL.
const (
	leaseTTL   = 60 * time.Second
	leaseRenew = 30 * time.Second // renew once less than TTL-renew is left
)

// LeaseTTL is how long a lease holds without renewal: another amux takes
// over within it (plus a poll) when the owner hangs; at once when it exits
// or dies.
const LeaseTTL = leaseTTL

// The lease lives in @amux_session_owner, @amux_session_lease_ms and
// @amux_owner_heartbeat_ms, both as global options (what a session without
// its own copy resolves to) and on every session, so an orchestrator reads
// them per session with the contract's recipe
// (show-options -t <session> -v @amux_session_owner). Both always carry the
// same values: a renewal rewrites them in one command (the name only where
// another's is), and a session that appeared since gets its copy in the
// next poll's batch.

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
func (s *Monitor) lease(ctx context.Context, r tmux.Runner, rows []paneRow, full bool, now time.Time, res *Result) bool {
	if len(rows) == 0 {
		return false
	}
	owner, leaseMs := rows[0].owner, rows[0].leaseMs
	ms := now.UnixMilli()
	claim := owner == s.instance || owner == "" || leaseMs < ms
	if !claim && full {
		// Another instance holds a live lease: it counts only while its
		// control client is still on the server.
		claim = s.ownerGone(ctx, r)
	}
	if !claim {
		s.leased = map[string]int64{}
		return false
	}
	if owner == s.instance && leaseMs-ms > (leaseTTL-leaseRenew).Milliseconds() && s.leaseMs == leaseMs {
		return true // ours and fresh: no write, no redraw
	}
	next := ms + leaseTTL.Milliseconds()
	// Our own lease carried on: its name and client are in place already
	// (a claim, a fresh control client or a lease rewritten by someone
	// else writes them: s.leaseMs no longer matches).
	renewal := owner == s.instance && s.leaseMs == leaseMs
	var cmds [][]string
	if !renewal {
		cmds = append(cmds, ownerClientArgs(r))
	}
	for _, o := range s.leaseKeys(next, ms) {
		name := o.Key == tmux.TagSessionOwner
		if !name || !renewal {
			cmds = append(cmds, tmux.SetGlobalOptionArgs(o.Key, o.Value))
		}
		for _, row := range rows {
			// A session's own copy of the name is in place when it was
			// given one under this lease (s.leased) and still reads ours;
			// one that appeared just now reads ours from the global only.
			if !name || !renewal || row.owner != s.instance || s.leased[row.sessionID] == 0 {
				cmds = append(cmds, tmux.SetSessionOptionArgs(row.sessionID, o.Key, o.Value))
			}
		}
	}
	s.count(1, len(cmds))
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

// ownerClientArgs records which client is the owner's: over the control
// client, its own pid (tmux expands #{client_pid} for the client running
// the command); over a process per call, nothing, since that client is gone
// at once and others would take over at every renewal.
func ownerClientArgs(r tmux.Runner) []string {
	if _, ok := r.(*tmux.Control); ok {
		return []string{"set-option", "-gF", tmux.TagOwnerClient, "#{client_pid}"}
	}
	return []string{"set-option", "-g", tmux.TagOwnerClient, ""}
}

// ownerGone reports whether the lease holder's control client has left the
// server: the pid it recorded is no longer among the clients. An owner
// that recorded none (a process per call, an older amux) is never judged
// gone here; its lease runs out instead.
func (s *Monitor) ownerGone(ctx context.Context, r tmux.Runner) bool {
	s.count(1, 2)
	out, err := r.Run(ctx, tmux.Chain(
		[]string{"display-message", "-p", "owner-client:#{" + tmux.TagOwnerClient + "}"},
		[]string{"list-clients", "-F", "#{client_pid}"})...)
	if err != nil {
		return false
	}
	// The first line is the recorded pid (empty when none, or unset), then
	// one line per client.
	lines := strings.Split(out, "\n")
	pid, ok := strings.CutPrefix(strings.TrimSpace(lines[0]), "owner-client:")
	if _, err := strconv.Atoi(pid); !ok || err != nil {
		return false
	}
	for _, l := range lines[1:] {
		if strings.TrimSpace(l) == pid {
			return false
		}
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
