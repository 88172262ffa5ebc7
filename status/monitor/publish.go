package monitor

import (
	"context"
	"strconv"
	"time"

	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/status/events"
	"amux.dev/amux/tmux"
)

// publish returns the writes that bring a session's published tags up to
// date — @amux_agent_state (the state's Published value) and
// @amux_exit_status (set while the pane's program has exited, removed once
// it runs again) — only where they differ from what tmux holds, so a
// restart corrects stale tags at once and a steady state writes nothing.
// It appends the transition to the history, and fires the on-done hook for
// a working → done edge this owner watched. The first observation of a
// session after start or handoff corrects the tags but never fires the
// hook.
func (s *Monitor) publish(ctx context.Context, row paneRow, st agentstate.Result, res *Result) [][]string {
	id := row.sessionID
	first := !s.seen[id]
	s.seen[id] = true
	prev, known := s.prev[id]
	s.prev[id] = st.State
	// Only work this owner saw, in an observation after its first, can end
	// in an on-done: a restart or handoff never replays one.
	watched := s.watched[id]
	switch st.State {
	case agentstate.Working, agentstate.Running:
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
	from := string(prev)
	if !known {
		from = row.published // what the tags said before this owner looked
	}
	if (known && prev != st.State) || (!known && row.published != st.State.Published()) {
		s.record(ctx, row, from, st, res)
	}
	var w [][]string
	if pub := st.State.Published(); pub != row.published {
		w = append(w, tmux.SetSessionOptionArgs(id, tmux.TagAgentState, pub))
	}
	switch reason := publishedReason(st); {
	case reason == row.reasonTag:
	case reason == "":
		w = append(w, tmux.UnsetSessionOptionArgs(id, tmux.TagAgentReason))
	default:
		w = append(w, tmux.SetSessionOptionArgs(id, tmux.TagAgentReason, reason))
	}
	exit := exitTag(st)
	switch {
	case exit == row.exitTag:
	case exit == "":
		w = append(w, tmux.UnsetSessionOptionArgs(id, tmux.TagExitStatus))
	default:
		w = append(w, tmux.SetSessionOptionArgs(id, tmux.TagExitStatus, exit))
	}
	return w
}

// publishedReason is @amux_agent_reason for a state: what a person (or
// `amux wait --published`) is told about a blocked, done or error state —
// the question asked, the report's message. Working and idle publish none:
// a working screen's evidence (a spinner's seconds) changes every poll, and
// every write redraws every client.
func publishedReason(st agentstate.Result) string {
	switch st.State {
	case agentstate.Blocked, agentstate.Done, agentstate.Error:
		return tmux.LabelValue(st.Message)
	}
	return ""
}

// exitTag is the @amux_exit_status a result publishes ("" for none).
func exitTag(st agentstate.Result) string {
	if st.Source == agentstate.SourceExit && st.HasExit {
		return strconv.Itoa(st.Exit)
	}
	return ""
}

// record appends one transition to the session's history (owner only).
// A failure is reported once per poll and never stops the poll.
func (s *Monitor) record(ctx context.Context, row paneRow, from string, st agentstate.Result, res *Result) {
	if s.history == nil {
		return
	}
	rec := events.Record{
		At: s.now(), Session: row.name, Workspace: row.workspace, Tab: row.tab, Type: row.kind,
		From: from, To: string(st.State), Source: string(st.Source), Kind: st.Kind,
		Message: tmux.LabelValue(st.Message), Detail: st.Detail,
	}
	if st.HasExit {
		exit := st.Exit
		rec.Exit = &exit
	}
	if err := s.history.Append(ctx, rec); err != nil && !s.historyFailed {
		s.historyFailed = true
		res.Errs = append(res.Errs, err)
	}
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
