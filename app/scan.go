package app

import (
	"context"
	"strings"
	"sync"
	"time"

	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/tmux"
)

// scanInterval is the most time between two scans.
const scanInterval = time.Second

// idleLook is how often a scanner with no session to watch looks for one
// (a new process each time, so not every scan). amux wakes it at once when
// it creates a session itself; sessions made by others are found within it.
const idleLook = 15 * time.Second

// screenMatcher applies screen rules to a captured pane (nil: no rules).
type screenMatcher func(assistant string, rows []string) *agentstate.ScreenVerdict

// sessionState is what the UI learns about one session from a scan.
type sessionState struct {
	Name, Workspace, Tab string
	agentstate.Result
}

// scanResult is one scan's outcome for the UI.
type scanResult struct {
	sessions map[string]sessionState // by session name
	owner    bool
	errs     []error
}

// scanner classifies every agent session about once a second over one
// long-lived control-mode client and, while it holds the lease, publishes
// @amux_agent_state (on change only) and fires on-done hooks on the
// working → done edges it watched. It runs in its own goroutine; the UI
// feeds it activity timestamps and reads results from a channel.
type scanner struct {
	client   *tmux.Client
	instance string
	cfg      agentstate.Config
	rules    screenMatcher
	onDone   func(ctx context.Context, workspaceID string) error
	now      func() time.Time
	results  chan scanResult

	mu       sync.Mutex       // guards the activity maps, fed by the UI
	inputAt  map[string]int64 // session name → Unix ms of the last input amux delivered
	outputAt map[string]int64 // session name → Unix ms of the last output amux saw

	// Loop state, touched only by the scan goroutine.
	ctl      *tmux.Control
	lookedAt time.Time     // last search for a session to attach to that found none
	nudge    chan struct{} // capacity 1: look for sessions now
	owner    bool
	trackers map[string]*agentstate.Tracker // by session id
	prev     map[string]agentstate.State    // last classification, by session id
	seen     map[string]bool                // observed since start or handoff
	watched  map[string]bool                // working seen by this owner after a first observation
	wrote    map[string][2]int64            // activity tags last written, by session id
	screens  map[string]screenCache
	commands int // tmux command lines sent, for benchmarks and a debug view
}

// screenCache remembers a session's last capture verdict and the activity
// it was taken at, so panes are captured only when they changed.
type screenCache struct {
	activity int64 // window activity (seconds) when captured
	settled  bool  // captured after that second was over: nothing newer can hide
	verdict  *agentstate.ScreenVerdict
}

func newScanner(c *tmux.Client, instance string, rules screenMatcher, onDone func(context.Context, string) error) *scanner {
	return &scanner{
		client: c, instance: instance, cfg: agentstate.DefaultConfig(), rules: rules, onDone: onDone,
		now: time.Now, results: make(chan scanResult, 1), nudge: make(chan struct{}, 1),
		inputAt: map[string]int64{}, outputAt: map[string]int64{},
		trackers: map[string]*agentstate.Tracker{}, prev: map[string]agentstate.State{},
		seen: map[string]bool{}, watched: map[string]bool{}, wrote: map[string][2]int64{}, screens: map[string]screenCache{},
	}
}

// wake makes the next scan happen now and look for sessions even if the
// last look found none: amux just created one.
func (s *scanner) wake() {
	select {
	case s.nudge <- struct{}{}:
	default:
	}
}

// noteInput and noteOutput record activity amux itself saw on a session.
func (s *scanner) noteInput(session string, at time.Time) {
	s.mu.Lock()
	s.inputAt[session] = at.UnixMilli()
	s.mu.Unlock()
}

func (s *scanner) noteOutput(session string, at time.Time) {
	s.mu.Lock()
	s.outputAt[session] = at.UnixMilli()
	s.mu.Unlock()
}

// run scans until ctx ends, then gives up the lease.
func (s *scanner) run(ctx context.Context) {
	t := time.NewTicker(scanInterval)
	defer t.Stop()
	var last scanResult
	for {
		res := s.scan(ctx)
		// Only news wakes the UI: an unchanged scan would cost a full render
		// every second for nothing.
		if res.differs(last) {
			select {
			case <-s.results: // drop an unread older result: only the newest matters
			default:
			}
			s.results <- res
			last = res
		}
		select {
		case <-ctx.Done():
			s.release()
			return
		case <-t.C:
		case <-s.nudge:
			s.lookedAt = time.Time{}
		}
	}
}

// runner returns the control client, (re)attaching it when needed. With no
// amux session there is nothing to scan and nothing is started.
func (s *scanner) runner(ctx context.Context) (tmux.Runner, bool) {
	if s.ctl != nil {
		select {
		case <-s.ctl.Done():
			s.ctl = nil
		default:
			return s.ctl, true
		}
	}
	if !s.lookedAt.IsZero() && s.now().Sub(s.lookedAt) < idleLook {
		return nil, false // nothing to watch: idle costs no process per scan
	}
	list, err := tmux.ListSessions(ctx, s.client)
	if err != nil || len(list) == 0 {
		s.lookedAt = s.now()
		return nil, false
	}
	s.lookedAt = time.Time{}
	ctl, err := tmux.StartControl(ctx, s.client, list[0].ID)
	if err != nil {
		return s.client, true // degrade to a process per call rather than go blind
	}
	s.ctl = ctl
	return ctl, true
}

// scan is one pass: read, classify, and (as owner) publish.
func (s *scanner) scan(parent context.Context) scanResult {
	ctx, cancel := context.WithTimeout(parent, 5*time.Second)
	defer cancel()
	res := scanResult{sessions: map[string]sessionState{}}
	r, ok := s.runner(ctx)
	if !ok {
		s.owner = false
		return res
	}
	s.commands++
	out, err := r.Run(ctx, scanListArgs()...)
	if err != nil {
		if s.ctl != nil {
			s.ctl.Close()
			s.ctl = nil
		}
		res.errs = append(res.errs, err)
		return res
	}
	rows := parseScan(out)
	now := s.now()
	wasOwner := s.owner
	s.owner = s.lease(ctx, r, rows, now, &res)
	if s.owner && !wasOwner {
		// Handoff or start: first observations publish but fire nothing.
		s.seen, s.watched = map[string]bool{}, map[string]bool{}
	}
	res.owner = s.owner
	live := map[string]bool{}
	var writes [][]string
	for _, row := range rows {
		live[row.sessionID] = true
		st := s.classify(ctx, r, row, now)
		res.sessions[row.name] = sessionState{Name: row.name, Workspace: row.workspace, Tab: row.tab, Result: st}
		writes = append(writes, s.activityWrites(row)...)
		if s.owner {
			writes = append(writes, s.publish(ctx, row, st, &res)...)
		}
	}
	s.forget(live)
	res.errs = append(res.errs, s.send(ctx, r, writes)...)
	return res
}

// classify runs one session through its tracker. Non-agent sessions (run
// scripts, terminals) are classified too: their state is still useful.
func (s *scanner) classify(ctx context.Context, r tmux.Runner, row scanRow, now time.Time) agentstate.Result {
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
		Now: now, Alive: !row.dead,
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
	if row.activitySec == 0 {
		o.LastOutput = time.Time{}
	}
	if max(in, row.inputMs) == 0 {
		o.LastInput = time.Time{}
	}
	o.Screen = s.screen(ctx, r, row)
	return tr.Classify(o, s.cfg)
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
func (s *scanner) screen(ctx context.Context, r tmux.Runner, row scanRow) *agentstate.ScreenVerdict {
	if s.rules == nil || row.kind != tmux.TypeAgent || row.dead {
		return nil
	}
	c, ok := s.screens[row.sessionID]
	if ok && c.activity == row.activitySec && c.settled {
		return c.verdict
	}
	capturedAt := s.now()
	s.commands++
	out, err := tmux.CapturePane(ctx, r, row.paneID, 0, false)
	if err != nil {
		return c.verdict
	}
	v := s.rules(row.assistant, strings.Split(strings.TrimRight(out, "\n"), "\n"))
	// Window activity has one-second resolution: output later in the same
	// second would not move it, so a capture taken within that second is
	// taken again on the next scan.
	settled := capturedAt.Unix() > row.activitySec
	s.screens[row.sessionID] = screenCache{activity: row.activitySec, settled: settled, verdict: v}
	return v
}

// forget drops state of sessions that are gone.
func (s *scanner) forget(live map[string]bool) {
	for id := range s.trackers {
		if !live[id] {
			delete(s.trackers, id)
			delete(s.prev, id)
			delete(s.seen, id)
			delete(s.watched, id)
			delete(s.wrote, id)
			delete(s.screens, id)
		}
	}
}

// send issues the scan's writes. They go out together but each is its own
// command with its own reply, so one failure (a session that just died)
// never stops the others; every failure is reported.
func (s *scanner) send(ctx context.Context, r tmux.Runner, writes [][]string) []error {
	if len(writes) == 0 {
		return nil
	}
	s.commands += len(writes)
	var errs []error
	if ctl, ok := r.(*tmux.Control); ok {
		replies, err := ctl.Start(writes...)
		if err != nil {
			return []error{err}
		}
		for _, rep := range replies {
			if _, err := rep.Wait(ctx); err != nil {
				errs = append(errs, err)
			}
		}
		return errs
	}
	for _, w := range writes {
		if _, err := r.Run(ctx, w...); err != nil {
			errs = append(errs, err)
		}
	}
	return errs
}

// differs reports whether r tells the UI anything last did not.
func (r scanResult) differs(last scanResult) bool {
	if r.owner != last.owner || len(r.errs) > 0 || len(r.sessions) != len(last.sessions) || last.sessions == nil {
		return true
	}
	for name, st := range r.sessions {
		o, ok := last.sessions[name]
		if !ok || o.State != st.State || o.Kind != st.Kind || o.Message != st.Message {
			return true
		}
	}
	return false
}
