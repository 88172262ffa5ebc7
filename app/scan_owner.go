package app

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/tmux"
)

// leaseTTL is how long an owner's lease lasts without renewal. The owner
// renews every scan, so a dead owner is replaced within a few seconds.
const leaseTTL = 3 * time.Second

// lease decides whether this instance is the scan owner and writes what
// that takes: renew our lease, or claim an absent or expired one. A claim
// only counts once a later read shows our name, so two instances claiming
// at once settle on the last writer without both publishing.
func (s *scanner) lease(ctx context.Context, r tmux.Runner, rows []scanRow, now time.Time, res *scanResult) bool {
	if len(rows) == 0 {
		return false
	}
	owner, leaseMs := rows[0].owner, rows[0].leaseMs
	ms := now.UnixMilli()
	claim := owner == s.instance || owner == "" || leaseMs < ms
	if !claim {
		return false
	}
	s.commands++
	if _, err := r.Run(ctx, "set-option", "-g", tmux.TagSessionOwner, s.instance, tmux.Sep,
		"set-option", "-g", tmux.TagSessionLeaseMs, strconv.FormatInt(ms+leaseTTL.Milliseconds(), 10), tmux.Sep,
		"set-option", "-g", tmux.TagOwnerHeartbeatMs, strconv.FormatInt(ms, 10)); err != nil {
		res.errs = append(res.errs, fmt.Errorf("scan lease: %w", err))
		return false
	}
	return owner == s.instance
}

// release gives the lease up at exit so another instance takes over at once.
func (s *scanner) release() {
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
func (s *scanner) publish(ctx context.Context, row scanRow, st agentstate.Result, res *scanResult) [][]string {
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
			_ = s.onDone(hctx, ws) // the engine logs hook failures; they never block a scan
		}(row.workspace)
	}
	if st.State == agentstate.Stopped || string(st.State) == row.published {
		return nil
	}
	return [][]string{{"set-option", "-t", id, tmux.TagAgentState, string(st.State)}}
}

// activityWrites returns the writes of @amux_last_output_at and
// @amux_last_input_at for activity amux saw itself since the last write:
// at most one per session per scan, so at most once a second.
func (s *scanner) activityWrites(row scanRow) [][]string {
	s.mu.Lock()
	in, out := s.inputAt[row.name], s.outputAt[row.name]
	s.mu.Unlock()
	last := s.wrote[row.sessionID]
	var w [][]string
	if out > last[0] && out > row.outputMs {
		w = append(w, []string{"set-option", "-t", row.sessionID, tmux.TagLastOutputAt, strconv.FormatInt(out, 10)})
	}
	if in > last[1] && in > row.inputMs {
		w = append(w, []string{"set-option", "-t", row.sessionID, tmux.TagLastInputAt, strconv.FormatInt(in, 10)})
	}
	s.wrote[row.sessionID] = [2]int64{max(out, last[0]), max(in, last[1])}
	return w
}
