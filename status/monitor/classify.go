package monitor

import (
	"context"
	"strings"
	"time"

	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/tmux"
)

// screenCache remembers a session's last capture verdict and the activity
// it was taken at, so panes are captured only when they changed.
type screenCache struct {
	activity int64 // window activity (seconds) when captured
	settled  bool  // captured after that second was over: nothing newer can hide
	gen      int   // the rules' generation it was matched with
	verdict  *agentstate.ScreenVerdict
}

// classify runs one session through its tracker. Non-agent sessions (run
// scripts, terminals) are classified too: their state is still useful.
func (s *Monitor) classify(ctx context.Context, r tmux.Runner, row paneRow, now time.Time) agentstate.Result {
	tr := s.trackers[row.sessionID]
	if tr == nil {
		tr = &agentstate.Tracker{}
		if row.published == string(agentstate.Done) {
			tr.SeedDone(now) // keep a fresh done done for its window across a restart
		}
		s.trackers[row.sessionID] = tr
	}
	s.mu.Lock()
	in, outMs := s.inputAt[row.name], s.outputAt[row.name]
	s.mu.Unlock()
	o := agentstate.Observation{
		Now: now, Alive: !row.dead, Type: row.kind, Exited: row.dead, ExitStatus: row.exitStatus, ExitKnown: row.exitKnown,
		CommandState: row.cmdState, CommandExit: row.cmdExit,
		Reported: row.reported, ReportedKind: row.kindRep, ReportedApp: row.app, ReportedMessage: row.message,
		LastOutput: time.UnixMilli(lastOutput(row.activitySec, max(outMs, row.outputMs))),
		// ↑ the tag another instance wrote counts the same as our own frames.
		LastInput: time.UnixMilli(max(in, row.inputMs)),
	}
	if row.reportedAtMs > 0 {
		o.ReportedAt = time.UnixMilli(row.reportedAtMs)
	}
	if row.createdSec > 0 {
		o.Started = time.Unix(row.createdSec, 0)
	}
	if row.cmdStartedMs > 0 {
		o.CommandStarted = time.UnixMilli(row.cmdStartedMs)
	}
	if row.cmdEndMs > 0 {
		o.CommandEnded = time.UnixMilli(row.cmdEndMs)
	}
	if row.activitySec == 0 {
		o.LastOutput = time.Time{}
	}
	if max(in, row.inputMs) == 0 {
		o.LastInput = time.Time{}
	}
	o.Screen = s.screen(ctx, r, row)
	o.AwaitsComposer = row.kind == tmux.TypeAgent && s.composer != nil && s.composer(row.assistant)
	s.mu.Lock()
	cfg := s.cfg
	s.mu.Unlock()
	return tr.Classify(o, cfg)
}

// lastOutput is when the pane last printed. tmux's window activity is the
// evidence (only the pane's own output moves it; redraws of our attach
// client do not) but has one-second resolution; a frame amux saw in that
// same second gives the millisecond, which is what tells echo from work.
func lastOutput(activitySec, localMs int64) int64 {
	if activitySec > 0 && localMs/1000 == activitySec {
		return localMs
	}
	return activitySec * 1000
}

// screen captures an agent pane for the screen rules, only when its
// activity changed since the last capture.
func (s *Monitor) screen(ctx context.Context, r tmux.Runner, row paneRow) *agentstate.ScreenVerdict {
	if s.rules == nil || row.kind != tmux.TypeAgent || row.dead {
		return nil
	}
	gen := 0
	if s.rulesGen != nil {
		gen = s.rulesGen()
	}
	c, ok := s.screens[row.sessionID]
	if ok && c.activity == row.activitySec && c.settled && c.gen == gen {
		return c.verdict
	}
	capturedAt := s.now()
	s.count(1, 1)
	out, err := tmux.CapturePane(ctx, r, row.paneID, 0, false)
	if err != nil {
		return c.verdict
	}
	v := s.rules(row.assistant, strings.Split(strings.TrimRight(out, "\n"), "\n"))
	// Window activity has one-second resolution: output later in the same
	// second would not move it, so a capture taken within that second is
	// taken again on the next poll.
	settled := capturedAt.Unix() > row.activitySec
	s.screens[row.sessionID] = screenCache{activity: row.activitySec, settled: settled, gen: gen, verdict: v}
	return v
}
