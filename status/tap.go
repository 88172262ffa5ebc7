package status

import (
	"context"
	"errors"
	"io"
	"strconv"
	"sync"
	"time"

	"amux.dev/amux/tmux"
)

// WakeChannel is the tmux wait-for channel the tap signals after every
// publish, in the same tmux call. `amux wait` blocks on it, which is what
// makes waiting event-driven instead of a poll.
const WakeChannel = tmux.StatusWakeChannel

// TapConfig configures one pane tap.
type TapConfig struct {
	PaneID string // "%N": every write addresses exactly this pane
	// Runner is where the options are published. Calls carry RunTap's
	// context unchanged, so with a context lacking a deadline the runner
	// bounds each call (tmux.Client and tmux.Control apply
	// tmux.DefaultTimeout).
	Runner tmux.Runner
	Now    func() time.Time // clock; nil means time.Now
	Logf   func(format string, args ...any)
	// ReadGap, when set, pauses after a short read inside a stream so a
	// flood of small pipe writes is read in large pieces (TapMain and the
	// shared tap use DefaultReadGap).
	ReadGap time.Duration
}

// DefaultReadGap is the pause after a short read in a production tap: long
// enough to batch a flood, far below what a person or `amux wait` notices.
const DefaultReadGap = 5 * time.Millisecond

// tap is the state of one running tap. The reader goroutine owns scanning;
// the publisher goroutine owns tmux calls; mu guards what they share.
type tap struct {
	cfg     TapConfig
	kick    chan struct{}
	answers chan bool // capability queries to answer, true when BEL-terminated
	sc      *OSCParser
	// done and answered close when the publisher and the answerer return.
	done, answered chan struct{}

	mu       sync.Mutex
	identity string // @amux_tap while the tap runs: "<pid>:<procid token>"
	records  Records
	cmd      commandTrack
	desired  optionValues
	seen     bool      // the parser emitted an event during the current read
	watched  int       // pid of the pane process being watched, 0 if none
	rearm    bool      // that process exited: look for a respawned one on new output
	stop     func()    // ends the current process watch
	lastOut  time.Time // when the pane last printed
	wakeDue  bool      // output after a quiet spell: signal the monitor
}

// outputWakeAfter is the quiet spell after which a pane's output wakes the
// monitor (tmux.StatusWakeChannel): it reads quiet panes only when told,
// and panes that printed within its quiet window on every poll anyway.
const outputWakeAfter = 2 * time.Second

// commandTrack is the OSC 133 view of the pane's shell.
type commandTrack struct {
	state   string // "", "running" or "idle"
	seenC   bool   // the shell emits C, so a D without a C is not a command
	exit    string
	started time.Time
	ended   time.Time
}

// running reports whether a command is between its C and D marks.
func (c *commandTrack) running() bool { return c.state == "running" }

// RunTap reads one pane's output stream from in until EOF, keeps the pane's
// record set, and publishes its fold as pane options, one tmux call per
// change. At EOF (the pane's process is gone or the pipe was closed) the
// working and blocked records are dropped and that final state is published
// if tmux still answers. It holds no state on disk. The shared tap runs the
// same tap over each pane it was handed (startTap, ingest, finish).
func RunTap(ctx context.Context, cfg TapConfig, in io.Reader) error {
	t := startTap(ctx, cfg)
	buf := make([]byte, readSize)
	var pace readPace
	var readErr error
	for {
		n, err := in.Read(buf)
		if n > 0 {
			urgent := t.ingest(ctx, buf[:n])
			if d := pace.after(n, t.cfg.ReadGap, time.Now(), urgent); d > 0 && err == nil {
				time.Sleep(d)
			}
		}
		if err != nil {
			if !errors.Is(err, io.EOF) {
				readErr = err
			}
			break
		}
	}
	t.finish(ctx)
	return readErr
}

// readSize is the most one read takes from a pane's stream.
const readSize = 32 << 10

// readPace decides the pause after a read. tmux forwards pane output in
// pieces of a few hundred bytes; under a flood, reading each one costs far
// more than scanning it, so letting the pipe fill briefly turns thousands
// of reads into a few. The pause applies only inside a stream (this read
// came within a gap of the previous one), and never after an urgent read:
// one that held a sequence (a shell's start mark comes a few milliseconds
// before the report of the command it starts) or stopped inside one (the
// rest of a report). A report is therefore published as soon as its
// sequence is complete, which keeps `report` → `wait` in single
// milliseconds; only floods of plain output are paced.
type readPace struct{ last time.Time }

// after returns how long to pause after a read of n bytes at now.
func (p *readPace) after(n int, gap time.Duration, now time.Time, urgent bool) time.Duration {
	streaming := !p.last.IsZero() && now.Sub(p.last) < gap
	p.last = now
	if gap <= 0 || urgent || n >= readSize/2 || !streaming {
		return 0
	}
	return gap
}

// startTap sets up a tap and starts its publisher and answerer.
func startTap(ctx context.Context, cfg TapConfig) *tap {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logf == nil {
		cfg.Logf = func(string, ...any) {}
	}
	t := &tap{cfg: cfg, kick: make(chan struct{}, 1), answers: make(chan bool, maxPendingAnswers), identity: tapIdentity(),
		done: make(chan struct{}), answered: make(chan struct{})}
	t.sc = NewOSCParser(t.handle)
	t.desired = t.compute()
	go func() {
		defer close(t.done)
		t.publishLoop(ctx)
	}()
	go func() {
		defer close(t.answered)
		t.answerLoop(ctx)
	}()
	t.poke() // publish @amux_tap at once: the pane is tapped
	t.watchProcess(ctx)
	return t
}

// ingest scans one read of the pane's output and wakes the publisher when
// the options or the monitor need it. It reports whether the read was
// urgent (see readPace): it held a sequence, or stopped inside one.
func (t *tap) ingest(ctx context.Context, p []byte) bool {
	t.mu.Lock()
	t.seen = false
	_, _ = t.sc.Write(p)
	urgent := t.seen || t.sc.Pending()
	// Most reads hold no sequence at all: then there is nothing to
	// recompute, and a read costs one IndexByte.
	changed := t.seen && t.update()
	rearm := t.rearm
	t.rearm = false
	now := t.cfg.Now()
	woke := now.Sub(t.lastOut) >= outputWakeAfter
	t.lastOut = now
	if woke {
		t.wakeDue = true
	}
	t.mu.Unlock()
	if changed || woke {
		t.poke()
	}
	if rearm {
		t.watchProcess(ctx)
	}
	return urgent
}

// finish ends the tap at the end of its stream: transient records drop,
// @amux_tap is unset, and that final state is flushed before it returns.
func (t *tap) finish(ctx context.Context) {
	close(t.answers)
	t.mu.Lock()
	t.records.DropTransient()
	t.identity = "" // a tap that ended cleanly is not a tap that died
	t.update()
	if t.stop != nil {
		t.stop()
	}
	t.watched = -1 // a watcher firing now must not poke a closed channel
	t.mu.Unlock()
	close(t.kick) // the publisher flushes the final state, then returns
	for _, c := range []chan struct{}{t.answered, t.done} {
		select {
		case <-c:
		case <-ctx.Done():
		}
	}
}

// handle applies one parser event. It runs with t.mu held.
func (t *tap) handle(ev Event) {
	t.seen = true
	now := t.cfg.Now()
	switch ev.Type {
	case EventReport:
		t.records.Apply(ev.Report, now)
	case EventQuery:
		// Blocks only when maxPendingAnswers queries wait: every query
		// gets its one answer.
		t.answers <- ev.BEL
	case EventCommand:
		t.mark(ev, now)
	case EventDropped:
		t.cfg.Logf("tap %s: dropped sequence: %v", t.cfg.PaneID, ev.Err)
	}
}

// mark applies an OSC 133 mark.
func (t *tap) mark(ev Event, now time.Time) {
	c := &t.cmd
	switch ev.Mark {
	case MarkPromptStart:
		t.records.DropTransient()
		c.state = "idle"
	case MarkOutputStart:
		c.seenC, c.state, c.started = true, "running", now
	case MarkCommandEnd:
		if c.seenC && !c.running() {
			return // a prompt redraw, not the end of a command
		}
		c.state, c.ended, c.exit = "idle", now, ""
		if ev.HasExit {
			c.exit = strconv.Itoa(ev.Exit)
		}
	}
}

// update recomputes the desired options and reports whether they changed.
// It runs with t.mu held.
func (t *tap) update() bool {
	next := t.compute()
	if next == t.desired {
		return false
	}
	t.desired = next
	return true
}

func (t *tap) compute() optionValues {
	var v optionValues
	if f, ok := t.records.Fold(); ok {
		v[optState] = string(f.State)
		v[optKind] = string(f.Kind)
		v[optApp] = f.App
		v[optMessage] = tmux.LabelValue(f.Message)
		v[optAt] = strconv.FormatInt(f.At.UnixMilli(), 10)
	}
	v[optCmdState] = t.cmd.state
	v[optCmdExit] = t.cmd.exit
	v[optCmdStarted] = unixMilli(t.cmd.started)
	v[optCmdEnded] = unixMilli(t.cmd.ended)
	v[optTap] = t.identity
	return v
}

func unixMilli(ts time.Time) string {
	if ts.IsZero() {
		return ""
	}
	return strconv.FormatInt(ts.UnixMilli(), 10)
}

// poke wakes the publisher without ever blocking the reader: a pending wake
// already covers this change, because the publisher reads the latest state.
func (t *tap) poke() {
	select {
	case t.kick <- struct{}{}:
	default:
	}
}

// minPublishGap spaces publishes under a flood of reports: a chatty
// program costs at most ~40 tmux calls a second per pane, its back-to-back
// changes going out together. A few publishes in a row (publishBurst) go
// at once: in a shell with prompt marks, `amux report` follows the
// command's start mark by a few milliseconds, and spacing those two made
// every typed report reach `amux wait` ~20 ms late.
const (
	minPublishGap = 25 * time.Millisecond
	publishBurst  = 4
)

// publishPace is a leaky bucket over publishes: each costs minPublishGap,
// paid back as time passes; up to publishBurst may be owed at once.
type publishPace struct {
	debt time.Duration // publishes not yet paid back, in time
	at   time.Time     // when debt was last brought up to date
}

// wait is how long to hold the next publish.
func (p *publishPace) wait(now time.Time) time.Duration {
	p.settle(now)
	return max(0, p.debt-(publishBurst-1)*minPublishGap)
}

// spend records a publish at now.
func (p *publishPace) spend(now time.Time) {
	p.settle(now)
	p.debt += minPublishGap
}

func (p *publishPace) settle(now time.Time) {
	if !p.at.IsZero() {
		p.debt = max(0, p.debt-now.Sub(p.at))
	}
	p.at = now
}

// publishLoop runs one tmux call per wake with the latest desired state, so
// a burst of reports costs one call, not one per report. It returns after a
// final flush once kick is closed.
func (t *tap) publishLoop(ctx context.Context) {
	var last optionValues
	known := false // whether last reflects what tmux holds
	var pace publishPace
	for {
		_, open := <-t.kick
		if wait := pace.wait(time.Now()); open && wait > 0 {
			select {
			case <-time.After(wait):
			case <-ctx.Done():
			}
		}
		failures := 0
		for {
			t.mu.Lock()
			want, wake := t.desired, t.wakeDue
			t.wakeDue = false // a publish signals too
			t.mu.Unlock()
			args := publishArgs(t.cfg.PaneID, last, want, known)
			if args == nil {
				if wake {
					// Output after a quiet spell, nothing to publish: only
					// the signal, which changes no option (no redraw).
					_, _ = t.cfg.Runner.Run(ctx, "wait-for", "-S", WakeChannel)
				}
				break
			}
			pace.spend(time.Now())
			_, err := t.cfg.Runner.Run(ctx, args...)
			if err == nil {
				last, known = want, true
				break
			}
			t.cfg.Logf("tap %s: publish: %v", t.cfg.PaneID, err)
			failures++
			// A vanished pane or server will not come back; anything else
			// gets a few bounded retries before waiting for the next change.
			if !open || failures > 3 || tmux.IsNoServer(err) || errors.Is(err, errSuperseded) || ctx.Err() != nil {
				break
			}
			select {
			case <-time.After(time.Duration(failures) * 100 * time.Millisecond):
			case <-ctx.Done():
			}
		}
		if !open {
			return
		}
	}
}
