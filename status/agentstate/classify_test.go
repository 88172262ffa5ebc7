package agentstate

import (
	"testing"
	"time"
)

var t0 = time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)

func at(s float64) time.Time { return t0.Add(time.Duration(s * float64(time.Second))) }

// step is one scan: the observation at a time and the state expected.
type step struct {
	now    float64
	obs    Observation
	want   State
	source Source
}

func run(t *testing.T, steps []step) {
	t.Helper()
	var tr Tracker
	c := DefaultConfig()
	for i, s := range steps {
		o := s.obs
		o.Now, o.Alive = at(s.now), true
		if s.obs.Alive == false && s.want == Stopped {
			o.Alive = false
		}
		r := tr.Classify(o, c)
		if r.State != s.want || (s.source != "" && r.Source != s.source) {
			t.Fatalf("step %d at %.1fs: got %s from %s (%s), want %s from %s", i, s.now, r.State, r.Source, r.Detail, s.want, s.source)
		}
	}
}

func TestActivityLifecycleIdleWorkingDoneIdle(t *testing.T) {
	out := func(s float64) Observation { return Observation{LastOutput: at(s)} }
	run(t, []step{
		{now: 0, want: Idle},
		{now: 1, obs: out(0.9), want: Working, source: SourceActivity},
		{now: 2, obs: out(1.9), want: Working},
		{now: 4.5, obs: out(1.9), want: Working}, // quiet 2.6 s: hysteresis holds
		{now: 7.5, obs: out(1.9), want: Done},    // quiet > 5 s after work
		{now: 20, obs: out(1.9), want: Done},
		{now: 38, obs: out(1.9), want: Idle}, // 30 s after done
		{now: 50, obs: out(1.9), want: Idle},
	})
}

func TestEchoOfTypedInputIsNotWork(t *testing.T) {
	run(t, []step{
		{now: 1, obs: Observation{LastInput: at(0.9), LastOutput: at(0.95)}, want: Idle},
		{now: 3, obs: Observation{LastInput: at(0.9), LastOutput: at(2.9)}, want: Working},
	})
}

func TestReportedBlockedOverridesScrollingOutput(t *testing.T) {
	run(t, []step{
		{now: 1, obs: Observation{LastOutput: at(0.9)}, want: Working},
		{now: 2, obs: Observation{LastOutput: at(1.95), Reported: "blocked", ReportedKind: "question", ReportedAt: at(1.5)},
			want: Blocked, source: SourceReported},
		{now: 3, obs: Observation{LastOutput: at(2.95), Reported: "working", ReportedAt: at(2.5)}, want: Working, source: SourceReported},
	})
}

func TestReportedDoneIsFreshForTheWindowThenIdle(t *testing.T) {
	rep := func(out float64) Observation {
		return Observation{Reported: "done", ReportedAt: at(10), LastOutput: at(out)}
	}
	run(t, []step{
		{now: 9, obs: Observation{Reported: "working", ReportedAt: at(1), LastOutput: at(8.9)}, want: Working},
		{now: 10.5, obs: rep(10.1), want: Done, source: SourceReported},
		{now: 39, obs: rep(10.1), want: Done},
		{now: 41, obs: rep(10.1), want: Idle},
	})
	// New output after a done report: the report is no longer the news.
	run(t, []step{
		{now: 12, obs: rep(11.9), want: Working, source: SourceActivity},
	})
}

func TestScreenRulesAndFalseBusyPreference(t *testing.T) {
	busy := &ScreenVerdict{State: Working, Rule: "claude-busy"}
	ready := &ScreenVerdict{State: Idle, Rule: "claude-prompt"}
	perm := &ScreenVerdict{State: Blocked, Kind: "permission", Rule: "claude-permission"}
	run(t, []step{
		{now: 1, obs: Observation{Screen: busy}, want: Working, source: SourceScreen},
		// The prompt is back after work: done at once, idle after the window.
		{now: 2, obs: Observation{Screen: ready}, want: Done, source: SourceActivity},
		{now: 33, obs: Observation{Screen: ready}, want: Idle, source: SourceScreen},
		{now: 34, obs: Observation{Screen: perm, LastOutput: at(33.9)}, want: Blocked, source: SourceScreen},
		// Output with no busy footer visible still counts as work.
		{now: 40, obs: Observation{LastOutput: at(39.9)}, want: Working, source: SourceActivity},
	})
}

// An error screen (the agent gave up on its turn) is error, wants the
// person, and says the screen's message; without one, the matched row.
func TestErrorScreenSaysItsMessage(t *testing.T) {
	var tr Tracker
	c := DefaultConfig()
	v := &ScreenVerdict{State: Error, Rule: "claude/gave-up", Evidence: "❯ Resend your message to try again", Reason: "API Error: 500 Internal server error."}
	r := tr.Classify(Observation{Now: at(1), Alive: true, Screen: v}, c)
	if r.State != Error || r.Source != SourceScreen || r.Message != v.Reason || !r.Attention {
		t.Fatalf("error screen: %+v", r)
	}
	v.Reason = ""
	if r := tr.Classify(Observation{Now: at(2), Alive: true, Screen: v}, c); r.Message != v.Evidence {
		t.Fatalf("error screen without a message: %+v", r)
	}
}

// Answering a start screen (a gate: folder trust, an API-key question) is
// no task: the welcome the program draws next is its start going on, so it
// reads idle, not working and then done; input given after that counts.
func TestOutputAfterAGateIsTheStartGoingOn(t *testing.T) {
	var tr Tracker
	c := DefaultConfig()
	c.QuietAfter = 1500 * time.Millisecond
	gate := &ScreenVerdict{State: Blocked, Kind: "permission", Rule: "claude/folder-trust", Gate: true}
	obs := func(now, out, in float64, screen *ScreenVerdict) Observation {
		o := Observation{Now: at(now), Alive: true, Started: at(0), LastOutput: at(out), Screen: screen}
		if in > 0 {
			o.LastInput = at(in)
		}
		return o
	}
	for _, step := range []struct {
		o    Observation
		want State
	}{
		{obs(70, 2, 0, gate), Blocked}, // an old session: past its start-up grace
		{obs(71, 70.9, 70.5, nil), Idle},
		{obs(72, 71.9, 70.5, nil), Idle},
		{obs(74, 71.9, 70.5, nil), Idle},                                              // quiet: settled
		{obs(75, 74.9, 74.0, nil), Working},                                           // a task typed after the start
		{obs(76, 75.9, 74.0, &ScreenVerdict{State: Idle, Rule: "composer"}), Working}, // the turn never on screen: output must settle
		{obs(77.5, 75.9, 74.0, &ScreenVerdict{State: Idle, Rule: "composer"}), Done},  // and its end
	} {
		if r := tr.Classify(step.o, c); r.State != step.want {
			t.Fatalf("at %v: %s (%s), want %s", step.o.Now.Sub(at(0)), r.State, r.Detail, step.want)
		}
	}
}

// A permission answered whose turn then ends before the next look still
// ends in done: the agent worked, unseen, and finished.
func TestATurnThatEndsRightAfterItsAnswerIsDone(t *testing.T) {
	perm := &ScreenVerdict{State: Blocked, Kind: "permission", Rule: "claude/permission-dialog"}
	ready := &ScreenVerdict{State: Idle, Rule: "claude/composer"}
	run(t, []step{
		{now: 100, obs: Observation{Screen: perm}, want: Blocked, source: SourceScreen},
		{now: 101, obs: Observation{Screen: ready, LastOutput: at(100.9)}, want: Done, source: SourceScreen},
	})
}

func TestGoneSessionIsStopped(t *testing.T) {
	run(t, []step{{now: 1, obs: Observation{Reported: "working"}, want: Stopped, source: SourceGone}})
}

func TestStartupOutputIsNotWork(t *testing.T) {
	started := Observation{Started: at(0), LastOutput: at(1)}
	run(t, []step{
		{now: 1.5, obs: started, want: Idle},
		{now: 9, obs: started, want: Idle},
		{now: 10, obs: Observation{Started: at(0), LastOutput: at(9.9)}, want: Working},
	})
}

func TestSeedDoneKeepsDoneForItsWindow(t *testing.T) {
	var tr Tracker
	tr.SeedDone(at(0))
	c := DefaultConfig()
	if r := tr.Classify(Observation{Now: at(5), Alive: true}, c); r.State != Done {
		t.Fatalf("seeded done became %s", r.State)
	}
	if r := tr.Classify(Observation{Now: at(31), Alive: true}, c); r.State != Idle {
		t.Fatalf("after the window: %s", r.State)
	}
}

// A program that takes long to draw itself is starting, not working, until
// it first goes quiet; a session already old when amux first sees it (amux
// restarted mid-task) is working at once.
func TestSlowStartIsNotWorkButAnOldSessionIs(t *testing.T) {
	out := func(started, last float64) Observation {
		return Observation{Started: at(started), LastOutput: at(last)}
	}
	run(t, []step{
		{now: 3, obs: out(0, 2.9), want: Idle},
		{now: 12, obs: out(0, 11.9), want: Idle}, // still drawing after the old 5 s grace
		{now: 20, obs: out(0, 13), want: Idle},   // quiet: started
		{now: 30, obs: out(0, 29.9), want: Working},
	})
	run(t, []step{{now: 200, obs: out(0, 199.9), want: Working}})
}

// Input ends the start at once: what follows (past the echo) is work.
func TestInputEndsTheStart(t *testing.T) {
	run(t, []step{
		{now: 2, obs: Observation{Started: at(0), LastOutput: at(1.9)}, want: Idle},
		{now: 3, obs: Observation{Started: at(0), LastInput: at(2.5), LastOutput: at(2.95)}, want: Working},
	})
}

// The start's last output can still be inside the active window when the
// start is declared over (quiet window shorter than the active one): it
// must not turn into work then.
func TestStartOutputNeverBecomesWork(t *testing.T) {
	var tr Tracker
	c := DefaultConfig()
	c.QuietAfter = 1500 * time.Millisecond // shorter than the 2 s active window
	r := tr.Classify(Observation{Now: at(3.6), Alive: true, Started: at(0), LastOutput: at(2)}, c)
	if r.State != Idle {
		t.Fatalf("the start's output became %s (%s)", r.State, r.Detail)
	}
	r = tr.Classify(Observation{Now: at(5), Alive: true, Started: at(0), LastOutput: at(4.9)}, c)
	if r.State != Working {
		t.Fatalf("output after the start is %s", r.State)
	}
}

// A blocked report without a message takes the question from a blocked
// screen; a report's own message, or a screen that is not blocked, wins.
func TestBlockedReportWithoutMessageBorrowsTheScreensQuestion(t *testing.T) {
	screen := &ScreenVerdict{State: Blocked, Kind: "permission", Rule: "codex/approval", Reason: "$ touch notes.txt"}
	var tr Tracker
	o := Observation{Now: at(1), Alive: true, Reported: "blocked", ReportedKind: "permission", ReportedApp: "codex", Screen: screen}
	if r := tr.Classify(o, DefaultConfig()); r.State != Blocked || r.Source != SourceReported || r.Message != "$ touch notes.txt" {
		t.Fatalf("got %+v", r)
	}
	o.ReportedMessage = "Run touch?"
	if r := tr.Classify(o, DefaultConfig()); r.Message != "Run touch?" {
		t.Fatalf("the report's own message lost: %+v", r)
	}
	o.ReportedMessage, o.Screen = "", &ScreenVerdict{State: Working, Rule: "codex/busy-footer", Evidence: "Working"}
	if r := tr.Classify(o, DefaultConfig()); r.Message != "" {
		t.Fatalf("a working screen lent its evidence: %+v", r)
	}
}

// An agent whose rules describe its composer is starting until the
// composer first shows, however long it is quiet while it loads (opencode
// draws nothing for seconds, then its whole screen): no working, no done
// for a new tab. Output after the composer is work as usual; without a
// composer rule, a quiet pause still ends the start.
func TestAStartLastsUntilTheComposerShows(t *testing.T) {
	composer := &ScreenVerdict{State: Idle, Rule: "opencode/composer"}
	obs := func(last float64, screen *ScreenVerdict) Observation {
		return Observation{Started: at(0), LastOutput: at(last), AwaitsComposer: true, Screen: screen}
	}
	run(t, []step{
		{now: 1, obs: obs(0.5, nil), want: Idle},
		{now: 7, obs: obs(0.5, nil), want: Idle}, // quiet 6.5 s, still loading
		{now: 8, obs: obs(7.9, nil), want: Idle}, // its whole screen, drawn at once
		{now: 9, obs: obs(8.5, composer), want: Idle, source: SourceScreen},
		{now: 12, obs: obs(8.5, composer), want: Idle},
		{now: 20, obs: obs(19.9, nil), want: Working}, // a task's output
		{now: 30, obs: obs(19.9, composer), want: Done},
	})
	noRule := func(last float64) Observation { return Observation{Started: at(0), LastOutput: at(last)} }
	run(t, []step{
		{now: 1, obs: noRule(0.5), want: Idle},
		{now: 7, obs: noRule(0.5), want: Idle},
		{now: 8, obs: noRule(7.9), want: Working},
	})
}

// A task typed before the monitor saw the composer, worked on screen (a
// busy rule), ends done when the composer comes back: that composer is
// the turn's end, not the start's.
func TestATurnWorkedOnScreenBeforeTheComposerWasSeenEndsDone(t *testing.T) {
	busy := &ScreenVerdict{State: Working, Rule: "gemini/busy-footer"}
	composer := &ScreenVerdict{State: Idle, Rule: "gemini/composer"}
	obs := func(last, input float64, screen *ScreenVerdict) Observation {
		return Observation{Started: at(0), LastOutput: at(last), LastInput: at(input), AwaitsComposer: true, Screen: screen}
	}
	run(t, []step{
		{now: 1, obs: obs(0.5, 0.9, nil), want: Idle},
		{now: 2, obs: obs(1.9, 0.9, busy), want: Working},
		{now: 6, obs: obs(5.9, 0.9, busy), want: Working},
		{now: 7, obs: obs(6.5, 0.9, composer), want: Done},
	})
}

// A composer that stays on screen through a turn (opencode draws its busy
// footer under it) shows before the turn's first frame does: right after
// the person's Enter, under load seconds before. The prompt on screen is
// no end of a turn the screen never showed: the output settles first, and
// once the turn is on screen its composer back (no busy row) is the end.
func TestAComposerShownBeforeTheTurnIsNoEnd(t *testing.T) {
	var tr Tracker
	c := DefaultConfig()
	c.QuietAfter = 1500 * time.Millisecond
	composer := &ScreenVerdict{State: Idle, Rule: "opencode/composer"}
	busy := &ScreenVerdict{State: Working, Rule: "opencode/busy-footer"}
	obs := func(now, out, in float64, screen *ScreenVerdict) Observation {
		return Observation{Now: at(now), Alive: true, Started: at(0), LastOutput: at(out), LastInput: at(in), Screen: screen}
	}
	for _, step := range []struct {
		o    Observation
		want State
	}{
		{obs(70, 2, 0, composer), Idle},
		{obs(71, 70.9, 70.5, nil), Working},      // Enter: the person's message redrawn
		{obs(72, 70.9, 70.5, composer), Working}, // the composer, no busy row yet: not done
		{obs(73, 72.8, 70.5, busy), Working},     // the turn's first frame, two seconds on
		{obs(74, 73.9, 70.5, composer), Done},    // its end: the composer back, the turn was seen
	} {
		if r := tr.Classify(step.o, c); r.State != step.want {
			t.Fatalf("at %v: %s (%s), want %s", step.o.Now.Sub(at(0)), r.State, r.Detail, step.want)
		}
	}
}
