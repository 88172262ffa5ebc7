package agentstate

import "testing"

func classifyOnce(o Observation) Result {
	var tr Tracker
	return tr.Classify(o, DefaultConfig())
}

// An agent or shell whose program exited is stopped with its status (and
// is published as idle); a run script's exit is its result.
func TestExitedPaneIsFinalWithItsStatus(t *testing.T) {
	for _, c := range []struct {
		typ       string
		status    int
		want      State
		published string
		attention bool
	}{
		{TypeAgent, 3, Stopped, "idle", false},
		{"", 0, Stopped, "idle", false},
		{TypeTerminal, 130, Stopped, "idle", false},
		{TypeRun, 0, Done, "done", true},
		{TypeRun, 2, Error, "error", true},
	} {
		r := classifyOnce(Observation{Now: at(100), Type: c.typ, Exited: true, ExitStatus: c.status, ExitKnown: true,
			Reported: "working", ReportedAt: at(99), LastOutput: at(99.9)})
		if r.State != c.want || r.Source != SourceExit || !r.HasExit || r.Exit != c.status {
			t.Errorf("%q exit %d: %+v", c.typ, c.status, r)
		}
		if r.State.Published() != c.published || r.Attention != c.attention {
			t.Errorf("%q exit %d: published %q attention %v", c.typ, c.status, r.State.Published(), r.Attention)
		}
	}
}

func terminal(now float64, state, exit string, started, ended float64) Observation {
	o := Observation{Now: at(now), Alive: true, Type: TypeTerminal, CommandState: state, CommandExit: exit,
		LastOutput: at(now - 0.1)} // prompt redraws are output, but no work
	if started > 0 {
		o.CommandStarted = at(started)
	}
	if ended > 0 {
		o.CommandEnded = at(ended)
	}
	return o
}

// A shell with marks: working while a command runs, done or error (with the
// code) after, idle again once the window passes. Short commands want no
// attention; long ones do.
func TestTerminalCommandsByTheirMarks(t *testing.T) {
	var tr Tracker
	c := DefaultConfig()
	steps := []struct {
		o         Observation
		want      State
		exit      int
		attention bool
	}{
		{terminal(1, "idle", "", 0, 0), Idle, -1, false},                             // the first prompt
		{terminal(2, "running", "", 1.5, 0), Working, -1, false},                     // ls runs
		{terminal(3, "idle", "0", 1.5, 1.6), Done, 0, false},                         // ls: short, no bell
		{terminal(40, "idle", "0", 1.5, 1.6), Idle, -1, false},                       // the window passed
		{terminal(41, "idle", "1", 40.5, 40.6), Error, 1, false},                     // false: error, exit 1
		{terminal(60, "running", "", 45, 40.6), Working, -1, false},                  // a long build
		{terminal(62, "idle", "0", 45, 61), Done, 0, true},                           // 16 s: worth a bell
		{terminal(63, "idle", "", 45, 62), Done, -1, true},                           // D without a code
		{terminal(70, "idle", "0", 69, 61), Idle, -1, false},                         // a started command hides an older end
		{Observation{Now: at(71), Alive: true, Type: TypeTerminal}, Idle, -1, false}, // no marks: activity
	}
	for i, s := range steps {
		r := tr.Classify(s.o, c)
		exit := -1
		if r.HasExit {
			exit = r.Exit
		}
		if r.State != s.want || exit != s.exit || r.Attention != s.attention {
			t.Fatalf("step %d: got %s exit %d attention %v (%s), want %s exit %d attention %v",
				i, r.State, exit, r.Attention, r.Detail, s.want, s.exit, s.attention)
		}
	}
}

// A run script works while it starts and while it prints; once it has been
// up a while and gone quiet it is a server, running — never done, never
// attention — and a server's request log keeps it running, until it exits.
func TestRunScriptWorkingThenRunning(t *testing.T) {
	var tr Tracker
	c := DefaultConfig()
	obs := func(now, out float64) Observation {
		return Observation{Now: at(now), Alive: true, Type: TypeRun, Started: at(0), LastOutput: at(out)}
	}
	for i, s := range []struct {
		o    Observation
		want State
	}{
		{obs(1, 0.5), Working},    // starting
		{obs(8, 0.5), Working},    // still young, quiet
		{obs(12, 0.5), Running},   // up 12 s and quiet: a server
		{obs(30, 29.5), Running},  // it prints (a request log): still the server
		{obs(33, 32.9), Running},  // and again
		{obs(40, 29.5), Running},  // quiet
		{obs(400, 29.5), Running}, // forever, never done
	} {
		r := tr.Classify(s.o, c)
		if r.State != s.want || r.Attention {
			t.Fatalf("step %d: %s attention %v (%s), want %s", i, r.State, r.Attention, r.Detail, s.want)
		}
	}
	if Running.Published() != "working" {
		t.Fatal("a running server publishes working: its script has not ended")
	}
}

// A blocked screen carries its question as the message (none when its rule
// found none: never the menu row it matched), and a pre-session screen is
// marked as a gate.
func TestBlockedScreenCarriesItsQuestion(t *testing.T) {
	r := classifyOnce(Observation{Now: at(1), Alive: true, Screen: &ScreenVerdict{State: Blocked, Kind: "permission",
		Rule: "claude/folder-trust", Evidence: "❯ 1. Yes, proceed", Reason: "Do you trust the files in this folder?", Gate: true}})
	if r.Message != "Do you trust the files in this folder?" || !r.Gate || !r.Attention {
		t.Fatalf("%+v", r)
	}
	// Without a question, the kind alone: the matched row is a menu line.
	r = classifyOnce(Observation{Now: at(1), Alive: true, Screen: &ScreenVerdict{State: Blocked, Kind: "question", Rule: "x", Evidence: "Enter to select"}})
	if r.Message != "" || r.Kind != "question" || r.Gate {
		t.Fatalf("a menu line given as the reason: %+v", r)
	}
	// A working screen keeps what showed it works.
	r = classifyOnce(Observation{Now: at(1), Alive: true, Screen: &ScreenVerdict{State: Working, Rule: "spinner", Evidence: "esc to interrupt"}})
	if r.Message != "esc to interrupt" {
		t.Fatalf("a working screen lost its evidence: %+v", r)
	}
}

// An error screen (an agent that gave up on its API) is an error that
// wants the person, with the error line as its message.
func TestErrorScreenIsAnError(t *testing.T) {
	r := classifyOnce(Observation{Now: at(1), Alive: true, Screen: &ScreenVerdict{State: Error,
		Rule: "gemini/api-error", Evidence: "✕ [API Error: Resource has been exhausted"}})
	if r.State != Error || r.Source != SourceScreen || !r.Attention || r.Message != "✕ [API Error: Resource has been exhausted" {
		t.Fatalf("%+v", r)
	}
}

// tmux can show a dead pane before it has the status: then the state is
// final but says no status rather than a wrong one.
func TestExitedPaneWithoutAKnownStatus(t *testing.T) {
	r := classifyOnce(Observation{Now: at(1), Type: TypeAgent, Exited: true})
	if r.State != Stopped || r.HasExit {
		t.Fatalf("%+v", r)
	}
	if r := classifyOnce(Observation{Now: at(1), Type: TypeRun, Exited: true}); r.State != Done || r.HasExit {
		t.Fatalf("run: %+v", r)
	}
}

// A command's end is described by how long it ran, which stays true for as
// long as the state is shown (an "ago" would be stale on the next look).
func TestCommandEndSaysHowLongItRan(t *testing.T) {
	for _, now := range []float64{62, 80} {
		r := classifyOnce(terminal(now, "idle", "1", 45, 61))
		if r.Detail != "command exited 1 after 16s" {
			t.Errorf("at %v: detail %q", now, r.Detail)
		}
	}
}

// A build that prints until it ends is working the whole time, however
// long it takes: only a quiet spell after its start makes a run a server.
func TestRunScriptThatKeepsPrintingIsWorking(t *testing.T) {
	var tr Tracker
	c := DefaultConfig()
	for now := 1.0; now < 120; now += 1 {
		r := tr.Classify(Observation{Now: at(now), Alive: true, Type: TypeRun, Started: at(0), LastOutput: at(now - 0.3)}, c)
		if r.State != Working {
			t.Fatalf("at %vs: %s (%s)", now, r.State, r.Detail)
		}
	}
}
