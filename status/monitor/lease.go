package monitor

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/tmux"
)

// Lease timing. Every option write makes tmux redraw every attached
// client (measured on 3.3a), so the owner renews sparingly: a dead owner
// is replaced within leaseTTL plus a poll.
const (
	leaseTTL   = 12 * time.Second
	leaseRenew = 4 * time.Second // renew once less than TTL-renew is left
)

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
		return false
	}
	if owner == s.instance && leaseMs-ms > (leaseTTL-leaseRenew).Milliseconds() {
		return true // ours and fresh: no write, no redraw
	}
	s.commands++
	if _, err := r.Run(ctx, tmux.Chain(
		tmux.SetGlobalOptionArgs(tmux.TagSessionOwner, s.instance),
		tmux.SetGlobalOptionArgs(tmux.TagSessionLeaseMs, strconv.FormatInt(ms+leaseTTL.Milliseconds(), 10)),
		tmux.SetGlobalOptionArgs(tmux.TagOwnerHeartbeatMs, strconv.FormatInt(ms, 10)),
	)...); err != nil {
		res.Errs = append(res.Errs, fmt.Errorf("monitor lease: %w", err))
		return false
	}
	return owner == s.instance
}

// release gives the lease up at exit so another instance takes over at once.
func (s *Monitor) release() {
	if !s.owner || s.ctl == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	_, _ = s.ctl.Run(ctx, "if-shell", "-F", "#{==:#{"+tmux.TagSessionOwner+"},"+s.instance+"}",
		"set-option -g "+tmux.TagSessionLeaseMs+" 0")
	s.ctl.Close()
}

// publish returns the write that updates @amux_agent_state when the
// classification differs from the tag (only on change), and fires the
// on-done hook for a working → done edge this owner watched. The first
// observation of a session after start or handoff corrects the tag but
// never fires the hook.
func (s *Monitor) publish(ctx context.Context, row paneRow, st agentstate.Result, res *Result) [][]string {
	id := row.sessionID
	first := !s.seen[id]
	s.seen[id] = true
	s.prev[id] = st.State
	// Only work this owner saw, in an observation after its first, can end
	// in an on-done: a restart or handoff never replays one.
	watched := s.watched[id]
	switch st.State {
	case agentstate.Working:
		s.watched[id] = !first || watched
	case agentstate.Done, agentstate.Idle, agentstate.Stopped:
		s.watched[id] = false
	}
	if watched && st.State == agentstate.Done && row.workspace != "" && s.onDone != nil {
		go func(ws string) {
			hctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			_ = s.onDone(hctx, ws) // the engine logs hook failures; they never block a poll
		}(row.workspace)
	}
	if st.State == agentstate.Stopped || string(st.State) == row.published {
		return nil
	}
	return [][]string{tmux.SetSessionOptionArgs(id, tmux.TagAgentState, string(st.State))}
}

// activityWrites returns the writes of @amux_last_output_at and
// @amux_last_input_at, at most one each per session per poll (so at most
// once a second), and only for real activity: output is the pane's own (its
// window activity moved), refined to the millisecond by a frame amux saw in
// that second; input is what amux delivered. A redraw of our attach client
// is not activity — and every write makes tmux redraw, so counting redraws
// would feed on itself.
func (s *Monitor) activityWrites(row paneRow) [][]string {
	s.mu.Lock()
	in, local := s.inputAt[row.name], s.outputAt[row.name]
	s.mu.Unlock()
	out := int64(0)
	if row.activitySec > 0 {
		out = lastOutput(row.activitySec, local)
	}
	last := s.wrote[row.sessionID]
	var w [][]string
	if out > last[0] && out > row.outputMs {
		w = append(w, tmux.SetSessionOptionArgs(row.sessionID, tmux.TagLastOutputAt, strconv.FormatInt(out, 10)))
	}
	if in > last[1] && in > row.inputMs {
		w = append(w, tmux.SetSessionOptionArgs(row.sessionID, tmux.TagLastInputAt, strconv.FormatInt(in, 10)))
	}
	s.wrote[row.sessionID] = [2]int64{max(out, last[0]), max(in, last[1])}
	return w
}
