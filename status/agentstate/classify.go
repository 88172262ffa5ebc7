// Package agentstate decides what an agent is doing — idle, working, done,
// blocked or error — from what the monitor observed of its session, and says
// which source decided. The order follows ref-amx and the contract: the
// session is gone; a fresh reported state (OSC 7501, kept current by the
// pane tap) wins; a screen rule matches; else output activity, with
// hysteresis that prefers a false "working" to a false "idle".
package agentstate

import "time"

// State is a published agent state (@amux_agent_state), or one of the two
// states amux shows but publishes as another (Stopped, Running).
type State string

// States. Stopped is a program that exited (its pane kept by
// remain-on-exit) or a session that is gone; Running is a long-lived run
// script (a dev server) that is neither busy nor finished. See Published.
const (
	Idle    State = "idle"
	Working State = "working"
	Done    State = "done"
	Blocked State = "blocked"
	Error   State = "error"
	Stopped State = "stopped"
	Running State = "running"
)

// Published is the value @amux_agent_state carries for s: an exited program
// is idle (its exit status goes beside it in @amux_exit_status), a run
// script still running is working.
func (s State) Published() string {
	switch s {
	case Stopped:
		return string(Idle)
	case Running:
		return string(Working)
	}
	return string(s)
}

// Source says which evidence decided.
type Source string

// Sources, in the order they are consulted.
const (
	SourceGone     Source = "gone"
	SourceExit     Source = "exit" // the pane's program exited; its status is known
	SourceReported Source = "reported"
	SourceCommand  Source = "command" // OSC 133 marks of a shell
	SourceScreen   Source = "screen"
	SourceActivity Source = "activity"
)

// Observation is one scan's view of a session.
type Observation struct {
	Now   time.Time
	Alive bool // the session exists and its pane's process has not exited
	// Type is the session's @amux_type (agent, terminal, run); "" is an agent.
	Type string
	// Exited is a pane whose program ended while tmux keeps the pane
	// (remain-on-exit), with its exit status (128+N for signal N).
	Exited     bool
	ExitStatus int
	ExitKnown  bool // ExitStatus is known (tmux can mark a pane dead before it has the status)

	// The shell's last command, from its OSC 133 marks (the tap's
	// @amux_command_* options). CommandState is "" for a shell without marks.
	CommandState   string // "running" or "idle"
	CommandExit    string // exit code of the last command, "" when not given
	CommandStarted time.Time
	CommandEnded   time.Time

	Reported        string // @amux_reported_state ("" when none)
	ReportedKind    string
	ReportedApp     string
	ReportedMessage string
	ReportedAt      time.Time

	// Screen is a screen rule's verdict, when one matched a capture.
	Screen *ScreenVerdict

	LastOutput time.Time // newest output seen (tmux activity or the UI's tag)
	LastInput  time.Time // newest input amux delivered
	// Started is when the session was created: a program drawing its
	// first screen is starting, not working.
	Started time.Time
	// AwaitsComposer: the agent's screen rules describe its composer, so
	// its start lasts until the composer first shows (an idle screen
	// verdict), not until it first goes quiet. opencode draws nothing for
	// seconds while it loads, then its whole screen: that is no task done.
	AwaitsComposer bool
}

// ScreenVerdict is what a screen rule concluded.
type ScreenVerdict struct {
	State    State // Blocked, Error, Working or Idle
	Kind     string
	Rule     string
	Evidence string
	// Reason is the question a blocked screen asks, when the rule found it.
	Reason string
	// Gate marks a screen shown before a session starts (folder trust,
	// first run, an update offer): no hook can report it.
	Gate bool
}

// Result is the classification with its evidence.
type Result struct {
	State   State
	Kind    string // with Blocked: permission, question, auth
	Message string // a reported message, a blocked screen's question, or the rule's evidence
	App     string
	Source  Source
	Detail  string // human-readable: which record, rule or timing decided
	// Exit is the exit status behind the state, when HasExit: the pane's
	// program's (Source exit) or the shell's last command's (Source command).
	Exit    int
	HasExit bool
	// Attention says the state wants a person: blocked, and a finished
	// agent turn, run or long command. A short shell command that ended
	// and a running server do not.
	Attention bool
	// Gate is a blocked pre-session screen (see ScreenVerdict.Gate).
	Gate bool
}

// Config holds the timing of the activity heuristic.
type Config struct {
	// EchoWindow: output this soon after input is the terminal echoing
	// what was typed, not work.
	EchoWindow time.Duration
	// ActiveWindow: output this recent means working.
	ActiveWindow time.Duration
	// QuietAfter: a working session quiet this long is done.
	QuietAfter time.Duration
	// DoneWindow: done turns to idle after this long (also for a reported done).
	DoneWindow time.Duration
	// StartupGrace: a session younger than this is starting until it first
	// goes quiet (QuietAfter without output) or receives input: a program
	// drawing itself is not work, however long its start takes (no "done"
	// bell for every new tab). Older sessions — seen first after an amux
	// restart — are taken as they are: a false idle is worse than a false
	// busy.
	StartupGrace time.Duration
	// ShortCommand: a shell command that ended sooner than this after it
	// started wants no attention (no bell for ls).
	ShortCommand time.Duration
	// RunningAfter: a run script this old and quiet is a long-lived server,
	// shown as running rather than working.
	RunningAfter time.Duration
}

// DefaultConfig is tuned for TUI agents that redraw a spinner while busy.
func DefaultConfig() Config {
	return Config{
		EchoWindow:   400 * time.Millisecond,
		ActiveWindow: 2 * time.Second,
		QuietAfter:   5 * time.Second,
		DoneWindow:   30 * time.Second,
		StartupGrace: time.Minute,
		ShortCommand: 10 * time.Second,
		RunningAfter: 10 * time.Second,
	}
}

// Tracker remembers one session's recent past, for hysteresis.
type Tracker struct {
	last        State
	workedAt    time.Time // last time activity said working
	doneAt      time.Time // when it became done
	settled     bool      // past its start: output counts as work
	startOutput time.Time // the last output of the start, never work
	gated       bool      // the last result was a pre-session screen (a gate)
	resumed     time.Time // when the session left its last gate: starting again from there
	serving     bool      // a run script that went quiet once it was up: a server from then on
	composed    bool      // its composer has shown (an idle screen verdict) since it started
	screenWork  time.Time // the last look whose screen showed work
	look        look      // the last classification, for NextChange
}

// SeedDone starts a new tracker in the done state (its window running from
// at), for a session whose published state says done when amux starts.
// Done never fires anything by itself, so seeding it is safe.
func (t *Tracker) SeedDone(at time.Time) {
	t.last, t.doneAt = Done, at
}

// Classify decides the state of one observation.
func (t *Tracker) Classify(o Observation, c Config) Result {
	r := t.classify(o, c)
	if r.Source != SourceCommand && r.Source != SourceRun {
		r.Attention = r.State == Blocked || r.State == Done || r.State == Error
		if o.Type == TypeTerminal && r.Source == SourceActivity {
			// A shell without marks going quiet is no finished task.
			r.Attention = false
		}
	}
	if r.State == Done && t.last != Done {
		t.doneAt = o.Now
	}
	t.last = r.State
	t.gated = r.State == Blocked && r.Gate
	t.look = look{o: o, c: c, r: r, ok: true}
	return r
}

func (t *Tracker) classify(o Observation, c Config) Result {
	if o.Exited {
		return exited(o)
	}
	if !o.Alive {
		return Result{State: Stopped, Source: SourceGone, Detail: "session or process gone"}
	}
	if t.gated && (o.Screen == nil || !o.Screen.Gate) {
		// A start screen was answered: what the program draws next (its
		// welcome, its composer) is the start going on, not work.
		t.settled, t.resumed, t.workedAt, t.composed = false, o.Now, time.Time{}, false
	}
	if r, ok := t.reported(o, c); ok {
		return r
	}
	switch o.Type {
	case TypeTerminal:
		if o.CommandState != "" {
			return command(o, c)
		}
	case TypeRun:
		return t.run(o, c)
	}
	if v := o.Screen; v != nil {
		switch v.State {
		case Working:
			// Work on screen ends the start for good: the composer that
			// shows when it ends is a turn's end, not the start's.
			t.workedAt, t.settled, t.composed, t.screenWork = o.Now, true, true, o.Now
			fallthrough
		case Blocked, Error:
			msg := v.Reason
			if msg == "" && v.State != Blocked {
				msg = v.Evidence
			}
			// A blocked screen without a question says only its kind: the
			// matched row is a menu line ("❯ 1. Yes"), never the reason.
			// An error screen (the agent gave up on a turn) says its
			// message, or the row that showed it.
			return Result{State: v.State, Kind: v.Kind, Message: msg, Source: SourceScreen, Detail: "rule " + v.Rule, Gate: v.Gate}
		case Idle:
			if !t.composed {
				// The composer's first showing ends the start: what was
				// drawn before it is the start's own output, never work.
				t.composed = true
				if o.AwaitsComposer && !t.settled {
					t.settled, t.startOutput, t.workedAt = true, o.LastOutput, time.Time{}
				}
			}
			// The prompt is back: no need to wait for output to settle, but
			// a session that just worked is done, not idle — and so is one
			// whose permission or question was answered and whose turn then
			// ran to its end between two looks (a start screen answered is
			// no turn).
			if t.last == Blocked && !t.gated {
				return Result{State: Done, Source: SourceScreen, Detail: "rule " + v.Rule + ", after an answer"}
			}
			if t.last == Working && t.screenWork.Before(o.LastInput) && t.recentlyWorking(o, c) {
				// Work only output said, since the last input: a composer
				// that stays on screen through a turn (opencode's) shows
				// before the turn's first frame does, under load seconds
				// later. The prompt being back is no end until the screen
				// showed the turn or the output settled.
				return Result{State: Working, Source: SourceActivity, Detail: "quiet for " + ago(o.Now, t.workedAt) + " (hysteresis; the turn not yet on screen)"}
			}
			r := t.settle(o, c)
			if r.State == Idle {
				r.Source, r.Detail = SourceScreen, "rule "+v.Rule
			}
			return r
		}
	}
	return t.activity(o, c)
}

// reported applies a reported state. working, blocked and error are kept
// current by the tap (it drops transient ones when the process exits or a
// prompt begins), so they always win; done and idle are fresh for
// DoneWindow after they were reported, after which the heuristic decides.
func (t *Tracker) reported(o Observation, c Config) (Result, bool) {
	r := Result{State: State(o.Reported), Kind: o.ReportedKind, Message: o.ReportedMessage, App: o.ReportedApp,
		Source: SourceReported, Detail: "reported by " + orUnknown(o.ReportedApp)}
	switch r.State {
	case Working:
		t.workedAt = o.Now
		return r, true
	case Blocked:
		if r.Message == "" {
			r.Message, r.Detail = borrowReason(o, r.Detail)
		}
		return r, true
	case Error:
		return r, true
	case Done, Idle:
		if !o.ReportedAt.IsZero() && o.Now.Sub(o.ReportedAt) < c.DoneWindow && !o.LastOutput.After(o.ReportedAt.Add(c.EchoWindow)) {
			if r.State == Done {
				t.workedAt = time.Time{}
			}
			return r, true
		}
	}
	return Result{}, false
}

// borrowReason is the question a blocked screen asks, for a blocked report
// that says only that it waits: Codex's own OSC 7501 report and Claude's
// permission hook carry no message, while the screen names the command or
// file. The report still decides the state; the screen only says what for.
func borrowReason(o Observation, detail string) (string, string) {
	if v := o.Screen; v != nil && v.State == Blocked && v.Reason != "" {
		return v.Reason, detail + "; reason from rule " + v.Rule
	}
	return "", detail
}

// starting reports whether a young session is still starting, and settles
// it for good once it has gone quiet or been given input.
func (t *Tracker) starting(o Observation, c Config) bool {
	started := o.Started
	if t.resumed.After(started) {
		started = t.resumed // the keys that answered a start screen are not a task
	}
	if t.settled || started.IsZero() || o.Now.Sub(started) >= c.StartupGrace {
		t.settled = true
		return false
	}
	quiet := o.LastOutput.IsZero() || o.Now.Sub(o.LastOutput) >= c.QuietAfter
	typed := !o.LastInput.IsZero() && o.LastInput.After(started)
	if o.AwaitsComposer && !t.composed {
		quiet = false // a quiet pause while it loads is not the end of its start
	}
	if quiet || typed {
		// From here on output is work — but not the start's own output,
		// which may still be inside the active window.
		t.settled, t.startOutput = true, o.LastOutput
		if typed && o.LastInput.Before(o.LastOutput) {
			t.startOutput = o.LastInput // what answered the input is not the start
		}
		return false
	}
	return true
}

// recentlyWorking is the hysteresis: once working, a session stays working
// until it has been quiet for QuietAfter.
func (t *Tracker) recentlyWorking(o Observation, c Config) bool {
	return !t.workedAt.IsZero() && o.Now.Sub(t.workedAt) < c.QuietAfter
}

// activity is the output heuristic.
func (t *Tracker) activity(o Observation, c Config) Result {
	if t.starting(o, c) {
		return Result{State: Idle, Source: SourceActivity, Detail: "starting"}
	}
	if !o.LastOutput.After(t.startOutput) {
		o.LastOutput = time.Time{} // nothing printed since the start
	}
	echo := !o.LastInput.IsZero() && !o.LastOutput.Before(o.LastInput) && o.LastOutput.Sub(o.LastInput) < c.EchoWindow
	if !o.LastOutput.IsZero() && !echo && o.Now.Sub(o.LastOutput) < c.ActiveWindow {
		if o.LastOutput.After(t.workedAt) {
			t.workedAt = o.LastOutput
		}
		return Result{State: Working, Source: SourceActivity, Detail: "output " + ago(o.Now, o.LastOutput)}
	}
	if t.recentlyWorking(o, c) {
		return Result{State: Working, Source: SourceActivity, Detail: "quiet for " + ago(o.Now, t.workedAt) + " (hysteresis)"}
	}
	return t.settle(o, c)
}

// settle is the quiet side of the heuristic: working becomes done, done
// becomes idle once its window has passed.
func (t *Tracker) settle(o Observation, c Config) Result {
	if t.last == Working && !t.workedAt.IsZero() {
		return Result{State: Done, Source: SourceActivity, Detail: "quiet after work"}
	}
	if t.last == Done && o.Now.Sub(t.doneAt) < c.DoneWindow {
		return Result{State: Done, Source: SourceActivity, Detail: "done " + ago(o.Now, t.doneAt)}
	}
	return Result{State: Idle, Source: SourceActivity, Detail: "no recent output"}
}

func ago(now, then time.Time) string {
	return now.Sub(then).Round(100*time.Millisecond).String() + " ago"
}

func orUnknown(s string) string {
	if s == "" {
		return "the program"
	}
	return s
}
