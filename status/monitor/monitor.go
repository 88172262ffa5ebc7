// Package monitor is amux's agent-state loop: it reads the amux sessions
// that changed over one long-lived control-mode client — at most once a
// second, and not at all while everything is still (sleep.go) — classifies each
// with status/agentstate, and, while this instance holds the lease in
// @amux_session_owner, is the one writer of @amux_agent_state and of the
// activity tags, and fires on-done hooks on the working → done edges it
// watched. The pane tap (package status) writes the @amux_reported_*
// options it reads. The UI feeds it the activity it saw and consumes its
// Results; it needs nothing of amux but tmux and status/agentstate.
package monitor

import (
	"context"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/status/events"
	"amux.dev/amux/tmux"
)

// pollInterval is the most time between two polls while a session is live
// (working, printing, typed into), and the granularity of time-driven
// changes the loop cannot place exactly.
const pollInterval = time.Second

// idleLook is how often a monitor with no session to watch looks for one
// (a new process each time, so not every poll). amux wakes it at once when
// it creates a session itself; sessions made by others are found within it.
const idleLook = 15 * time.Second

// ScreenMatcher applies screen rules to a captured pane (nil: no rules).
type ScreenMatcher func(assistant string, rows []string) *agentstate.ScreenVerdict

// SessionState is what the UI learns about one session from a poll.
type SessionState struct {
	Name, Workspace, Tab string
	Type                 string // @amux_type: agent, terminal or run
	agentstate.Result
	// GatedSince is when the session was first seen blocked on a
	// pre-session screen (folder trust, first run, an update offer), while
	// it still is; zero otherwise.
	GatedSince time.Time
	// TapIdentity is what the pane's status tap announced (@amux_tap,
	// "<pid>:<token>"), for a liveness check; "" when none did.
	TapIdentity string
	Pipe        bool // tmux pipes the pane's output somewhere (pane_pipe)
}

// Result is one poll's outcome for the UI.
type Result struct {
	Sessions map[string]SessionState // by session name
	Owner    bool                    // this instance holds the lease
	Errs     []error
	// Repaired says what an automatic repair of dead status taps did
	// (taprepair.go), once, in the first result after it finished.
	Repaired string
}

// Options configure a Monitor.
type Options struct {
	Client   *tmux.Client // the server to watch (required)
	Instance string       // this process's @amux_instance: its name in the lease
	Config   agentstate.Config
	Rules    ScreenMatcher
	// HasComposer says whether an assistant's screen rules describe its
	// composer (nil: none do). Such an agent is starting until its
	// composer first shows, however quiet it goes while it loads.
	HasComposer func(assistant string) bool
	// RulesGeneration counts loads of the rules behind Rules (nil: they
	// never change). A screen's cached verdict holds only for the
	// generation it was matched with, so an edited rule file reaches an
	// agent sitting still on a dialog at the next poll — which, while
	// everything is still, is the one Wake asks for: call it on a reload.
	RulesGeneration func() int
	// OnDone runs a workspace's on-done hook on a watched working → done
	// edge (nil: none). It runs in its own goroutine and never blocks a poll.
	OnDone func(ctx context.Context, workspaceID string) error
	// History receives every state transition while this instance is the
	// scan owner (nil: none kept).
	History *events.Log
	// RepairTap reinstalls a session's status tap, the program untouched
	// (nil: dead taps are left to the Health overlay). The scan owner
	// calls it for sessions whose tap died, with a backoff (taprepair.go).
	RepairTap func(ctx context.Context, session string) error
	// Log receives a line for each automatic repair (nil: none).
	Log *slog.Logger
}

// Monitor classifies every agent session over one long-lived control-mode
// client — once a second while one is live, else when something wakes it or
// the clock is due to change a state — and, while it holds the lease, publishes
// @amux_agent_state (on change only) and fires on-done hooks on the
// working → done edges it watched. Run it in its own goroutine; the UI
// feeds it activity timestamps and reads Results.
type Monitor struct {
	client   *tmux.Client
	instance string
	cfg      agentstate.Config
	rules    ScreenMatcher
	composer func(assistant string) bool
	rulesGen func() int
	onDone   func(ctx context.Context, workspaceID string) error
	history  *events.Log
	repair   func(ctx context.Context, session string) error
	log      *slog.Logger
	tapRep   tapRepair
	now      func() time.Time
	results  chan Result

	mu       sync.Mutex       // guards the activity maps, fed by the UI, and cfg (SetConfig)
	inputAt  map[string]int64 // session name → Unix ms of the last input amux delivered
	outputAt map[string]int64 // session name → Unix ms of the last output amux saw
	noted    map[string]bool  // session names whose activity woke a still loop: read them next
	pokes    chan struct{}    // capacity 1: the UI's activity or settings changed: poll now
	repaired string           // a finished repair's note, for the next result

	// Loop state, touched only by the Run goroutine.
	ctl      *tmux.Control
	lookedAt time.Time     // last search for a session to attach to that found none
	retired  bool          // the control session was let go since the monitor last attached (see tmux.RetireControlSession)
	nudge    chan struct{} // capacity 1: look for sessions now
	owner    bool
	trackers map[string]*agentstate.Tracker // by session id
	prev     map[string]agentstate.State    // last classification, by session id
	seen     map[string]bool                // observed since start or handoff
	watched  map[string]bool                // working seen by this owner after a first observation
	wrote    map[string][2]int64            // activity tags last written, by session id
	screens  map[string]screenCache
	gated    map[string]time.Time // blocked on a pre-session screen since, by session id
	rows     map[string]paneRow   // the last poll's rows, by session id
	// The lease this owner last wrote (Unix ms) and which sessions carry
	// their copy of it.
	leaseMs, heartbeatMs int64
	leased               map[string]int64
	historyFailed        bool // a history write failed (reported once)
	// What changed since the last read (changes.go), when everything was
	// last read, the lease a full read showed another instance holding,
	// and the taps' wake signal with the waiter's stop.
	chg         changes
	fullAt      time.Time
	seenLeaseMs int64
	wakes       chan struct{} // capacity 1
	stopWake    context.CancelFunc
	// Counters for benchmarks, tests and a debug view, read from other
	// goroutines: tmux command lines sent, tmux commands in them (a chain
	// is one line of many), reads of panes among the lines, and polls.
	commands, sent, reads, polls atomic.Int64
}

// New returns a monitor; nothing runs until Run.
func New(opts Options) *Monitor {
	return &Monitor{
		client: opts.Client, instance: opts.Instance, cfg: opts.Config, rules: opts.Rules, composer: opts.HasComposer, rulesGen: opts.RulesGeneration, onDone: opts.OnDone, history: opts.History,
		repair: opts.RepairTap, log: opts.Log, tapRep: tapRepair{busy: make(chan struct{}, 1)},
		now: time.Now, results: make(chan Result, 1), nudge: make(chan struct{}, 1), wakes: make(chan struct{}, 1),
		pokes: make(chan struct{}, 1), inputAt: map[string]int64{}, outputAt: map[string]int64{}, noted: map[string]bool{},
		trackers: map[string]*agentstate.Tracker{}, prev: map[string]agentstate.State{},
		seen: map[string]bool{}, watched: map[string]bool{}, wrote: map[string][2]int64{}, screens: map[string]screenCache{},
		gated: map[string]time.Time{}, rows: map[string]paneRow{}, leased: map[string]int64{},
	}
}

// SetConfig changes the classifier's timings from the next poll on
// (Settings confirmed new ones).
func (s *Monitor) SetConfig(cfg agentstate.Config) {
	s.mu.Lock()
	s.cfg = cfg
	s.mu.Unlock()
	s.poke() // new windows move every session's next change
}

// Results delivers a poll's outcome whenever it differs from the last one
// delivered; an unread older result is replaced by the newer.
func (s *Monitor) Results() <-chan Result { return s.results }

// Wake makes the next poll happen now and look for sessions even if the
// last look found none: amux just created one.
func (s *Monitor) Wake() {
	select {
	case s.nudge <- struct{}{}:
	default:
	}
}

// NoteInput records input amux delivered to a session, and wakes a still
// loop (see note).
func (s *Monitor) NoteInput(session string, at time.Time) { s.note(s.inputAt, session, at) }

// NoteOutput records output amux saw from a session, and wakes a still
// loop (see note).
func (s *Monitor) NoteOutput(session string, at time.Time) { s.note(s.outputAt, session, at) }

// Run polls until ctx ends, then gives up the lease. Between polls it
// sleeps until one is due (nextPoll) or something wakes it.
func (s *Monitor) Run(ctx context.Context) {
	var last Result
	for {
		res := s.poll(ctx)
		s.polls.Add(1)
		// Only news wakes the UI: an unchanged poll would cost a full render
		// every second for nothing.
		if res.differs(last) {
			select {
			case <-s.results: // drop an unread older result: only the newest matters
			default:
			}
			s.results <- res
			last = res
		}
		if !s.waitNews(ctx, s.nextPoll(s.now())) {
			return
		}
	}
}

// poll is one pass: read, classify, and (as owner) publish.
func (s *Monitor) poll(parent context.Context) Result {
	ctx, cancel := context.WithTimeout(parent, 5*time.Second)
	defer cancel()
	res := Result{Sessions: map[string]SessionState{}}
	r, ok := s.runner(ctx)
	if !ok {
		s.owner = false
		return res
	}
	rows, full, err := s.read(ctx, r)
	if err == nil && full && len(rows) == 0 && s.ctl != nil {
		s.letGo(ctx)
		return res
	}
	if err != nil {
		s.dropControl()
		res.Errs = append(res.Errs, err)
		return res
	}
	now := s.now()
	wasOwner := s.owner
	s.owner = s.lease(ctx, r, rows, full, now, &res)
	if s.owner && !wasOwner {
		// Handoff or start: first observations publish but fire nothing.
		s.seen, s.watched = map[string]bool{}, map[string]bool{}
	}
	res.Owner = s.owner
	live := map[string]bool{}
	if !full {
		for id := range s.rows {
			live[id] = true // a partial read says nothing of the others
		}
	}
	var writes [][]string
	published := false
	if s.owner {
		writes = append(writes, s.leaseCopies(rows)...)
	}
	for _, row := range rows {
		live[row.sessionID] = true
		s.rows[row.sessionID] = row
		st := s.classify(ctx, r, row, now)
		res.Sessions[row.name] = SessionState{Name: row.name, Workspace: row.workspace, Tab: row.tab, Type: row.kind,
			Result: st, GatedSince: s.gate(row.sessionID, st, now), TapIdentity: row.tap, Pipe: row.pipe}
		writes = append(writes, s.activityWrites(row)...)
		if s.owner {
			pub := s.publish(ctx, row, st, &res)
			published = published || len(pub) > 0
			writes = append(writes, pub...)
			// The kept row says what was just published: a poll that does
			// not read must not publish it again.
			row.published, row.exitTag, row.reasonTag = st.State.Published(), exitTag(st), publishedReason(st)
			s.rows[row.sessionID] = row
		}
	}
	s.forget(ctx, live, &res)
	if published {
		// What was published wakes `amux wait --published` (and the taps'
		// other waiters) as a report does: a format subscription cannot
		// stand in, since tmux 3.3 reads session options in its loops
		// from the client's own session, the control session.
		writes = append(writes, []string{"wait-for", "-S", tmux.StatusWakeChannel})
	}
	res.Errs = append(res.Errs, s.send(ctx, r, writes)...)
	if s.owner {
		s.repairTaps(ctx, rows, now)
	}
	res.Repaired = s.takeRepaired()
	return res
}

// gate keeps when a session was first seen on a pre-session screen.
func (s *Monitor) gate(id string, st agentstate.Result, now time.Time) time.Time {
	if !st.Gate || st.State != agentstate.Blocked {
		delete(s.gated, id)
		return time.Time{}
	}
	since, ok := s.gated[id]
	if !ok {
		since = now
		s.gated[id] = now
	}
	return since
}

// forget drops state of sessions that are gone; the owner records their end.
func (s *Monitor) forget(ctx context.Context, live map[string]bool, res *Result) {
	for id, row := range s.rows {
		if !live[id] {
			if prev, ok := s.prev[id]; ok && s.owner {
				s.record(ctx, row, string(prev), agentstate.Result{State: agentstate.Stopped, Source: agentstate.SourceGone, Detail: "session gone"}, res)
			}
			delete(s.rows, id)
			delete(s.gated, id)
			delete(s.leased, id)
		}
	}
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

// send issues the poll's writes. They go out together but each is its own
// command with its own reply, so one failure (a session that just died)
// never stops the others; every failure is reported.
func (s *Monitor) send(ctx context.Context, r tmux.Runner, writes [][]string) []error {
	if len(writes) == 0 {
		return nil
	}
	s.count(len(writes), len(writes))
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
func (r Result) differs(last Result) bool {
	if r.Owner != last.Owner || len(r.Errs) > 0 || r.Repaired != "" || len(r.Sessions) != len(last.Sessions) || last.Sessions == nil {
		return true
	}
	for name, st := range r.Sessions {
		o, ok := last.Sessions[name]
		if !ok || o.State != st.State || o.Kind != st.Kind || o.Message != st.Message || o.Exit != st.Exit ||
			o.HasExit != st.HasExit || o.Attention != st.Attention || o.GatedSince != st.GatedSince ||
			o.TapIdentity != st.TapIdentity || o.Pipe != st.Pipe {
			return true
		}
	}
	return false
}
