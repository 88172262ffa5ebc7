package agentstate

import (
	"math/rand/v2"
	"strconv"
	"testing"
	"time"
)

// sameBut compares two results the way NextChange promises: all but Detail.
func sameBut(a, b Result) bool {
	a.Detail, b.Detail = "", ""
	return a == b
}

// checkStill classifies o on a copy of tr at many times between o.Now and
// the tracker's NextChange (or two minutes on, for never), each time from
// the state the tracker had — a monitor that slept — and fails if any
// differs from what it said at o.Now; and fails if the result at the
// promised change is still the same, since NextChange is exact.
func checkStill(t *testing.T, name string, tr Tracker, said Result, o Observation, c Config, rnd *rand.Rand) {
	t.Helper()
	next := tr.NextChange()
	if !next.IsZero() && !next.After(o.Now) {
		cp := tr
		o2 := o
		o2.Now = o.Now.Add(time.Millisecond)
		if sameBut(cp.Classify(o2, c), said) {
			t.Fatalf("%s: NextChange says the next look differs, yet it does not (%+v)", name, said)
		}
		return
	}
	end := next
	if end.IsZero() {
		end = o.Now.Add(2 * time.Minute)
	}
	span := end.Sub(o.Now)
	times := []time.Time{o.Now, end.Add(-time.Millisecond), end.Add(-time.Nanosecond)}
	for range 40 {
		times = append(times, o.Now.Add(time.Duration(rnd.Int64N(int64(span)))))
	}
	for _, when := range times {
		cp := tr
		o2 := o
		o2.Now = when
		if got := cp.Classify(o2, c); !sameBut(got, said) {
			t.Fatalf("%s: still until %v (%v after the look), yet at +%v it says %s from %s (%s), not %s from %s (%s)",
				name, next, next.Sub(o.Now), when.Sub(o.Now), got.State, got.Source, got.Detail, said.State, said.Source, said.Detail)
		}
	}
	if !next.IsZero() {
		cp := tr
		o2 := o
		o2.Now = next
		if sameBut(cp.Classify(o2, c), said) {
			t.Fatalf("%s: NextChange %v after the look, but nothing changes then (%s)", name, next.Sub(o.Now), said.Detail)
		}
	}
}

func TestNextChangeOfEachKindOfState(t *testing.T) {
	c := DefaultConfig()
	idleScreen := &ScreenVerdict{State: Idle, Rule: "composer"}
	blockedScreen := &ScreenVerdict{State: Blocked, Kind: "permission", Rule: "allow"}
	gate := &ScreenVerdict{State: Blocked, Rule: "trust", Gate: true}
	cases := []struct {
		name string
		// before are earlier looks, at their own Now, that give the tracker its past.
		before []Observation
		o      Observation
		want   time.Duration // after o.Now; -1: never; 0: the next look
	}{
		{name: "gone", o: Observation{Now: at(10)}, want: -1},
		{name: "exited", o: Observation{Now: at(10), Alive: true, Exited: true, ExitKnown: true}, want: -1},
		{name: "idle long since", o: Observation{Now: at(600), Alive: true, LastOutput: at(10)}, want: -1},
		{name: "output: working until it has been quiet",
			o: Observation{Now: at(100), Alive: true, LastOutput: at(99.5)}, want: 4500 * time.Millisecond},
		{name: "done turns idle after its window",
			before: []Observation{{Now: at(100), Alive: true, LastOutput: at(99.5)}},
			o:      Observation{Now: at(106), Alive: true, LastOutput: at(99.5)}, want: c.DoneWindow},
		// A start's own output is never work, so its end (quiet, or the
		// grace over) changes only the detail.
		{name: "a start ends idle when quiet",
			o: Observation{Now: at(10), Alive: true, Started: at(0), LastOutput: at(9)}, want: -1},
		{name: "a start awaiting its composer ends idle",
			o: Observation{Now: at(10), Alive: true, Started: at(0), AwaitsComposer: true, LastOutput: at(9)}, want: -1},
		{name: "a reported done goes stale",
			o: Observation{Now: at(10), Alive: true, Reported: "done", ReportedAt: at(5)}, want: 25 * time.Second},
		{name: "a reported working holds", o: Observation{Now: at(10), Alive: true, Reported: "working", ReportedAt: at(5)}, want: -1},
		{name: "a reported blocked holds", o: Observation{Now: at(10), Alive: true, Reported: "blocked", ReportedAt: at(5)}, want: -1},
		{name: "a running command holds",
			o: Observation{Now: at(10), Alive: true, Type: TypeTerminal, CommandState: "running", CommandStarted: at(1)}, want: -1},
		{name: "an ended command turns idle",
			o: Observation{Now: at(10), Alive: true, Type: TypeTerminal, CommandState: "idle", CommandExit: "1", CommandStarted: at(1), CommandEnded: at(8)}, want: 28 * time.Second},
		{name: "a young run script", o: Observation{Now: at(3), Alive: true, Type: TypeRun, Started: at(0)}, want: 7 * time.Second},
		{name: "a serving run script holds",
			before: []Observation{{Now: at(20), Alive: true, Type: TypeRun, Started: at(0)}},
			o:      Observation{Now: at(21), Alive: true, Type: TypeRun, Started: at(0), LastOutput: at(20.5)}, want: -1},
		{name: "a blocked screen holds", o: Observation{Now: at(100), Alive: true, Screen: blockedScreen}, want: -1},
		{name: "a gate holds", o: Observation{Now: at(10), Alive: true, Started: at(0), Screen: gate}, want: -1},
		{name: "done after an answer is said once",
			before: []Observation{{Now: at(100), Alive: true, Screen: blockedScreen}},
			o:      Observation{Now: at(101), Alive: true, Screen: idleScreen}, want: 0},
	}
	rnd := rand.New(rand.NewPCG(1, 2))
	for _, tc := range cases {
		var tr Tracker
		for _, b := range tc.before {
			tr.Classify(b, c)
		}
		said := tr.Classify(tc.o, c)
		next := tr.NextChange()
		switch {
		case tc.want < 0 && !next.IsZero():
			t.Errorf("%s (%s): changes %v after the look, want never", tc.name, said.State, next.Sub(tc.o.Now))
		case tc.want >= 0 && (next.IsZero() || next.Sub(tc.o.Now) != tc.want):
			t.Errorf("%s (%s): NextChange %v (zero %v), want %v after the look", tc.name, said.State, next.Sub(tc.o.Now), next.IsZero(), tc.want)
		}
		checkStill(t, tc.name, tr, said, tc.o, c, rnd)
	}
}

func TestNextChangeBeforeAnyLookIsZero(t *testing.T) {
	var tr Tracker
	tr.SeedDone(t0)
	if !tr.NextChange().IsZero() {
		t.Fatal("a tracker that never classified promised a change")
	}
}

// Random pasts and observations of every kind: whatever NextChange says,
// a tracker left alone says the same until then.
func TestNextChangeHoldsForRandomObservations(t *testing.T) {
	c := DefaultConfig()
	rnd := rand.New(rand.NewPCG(24, 50))
	types := []string{"", TypeAgent, TypeTerminal, TypeRun}
	reports := []string{"", "", "working", "done", "idle", "blocked", "error"}
	screens := []*ScreenVerdict{nil, nil, {State: Idle, Rule: "r"}, {State: Working, Rule: "r"},
		{State: Blocked, Rule: "r", Reason: "why?"}, {State: Blocked, Rule: "g", Gate: true}, {State: Error, Rule: "e", Evidence: "boom"}}
	// maybe returns a moment up to a minute and a half before now, or none.
	maybe := func(now time.Time) time.Time {
		if rnd.IntN(4) == 0 {
			return time.Time{}
		}
		return now.Add(-time.Duration(rnd.Int64N(int64(90 * time.Second))))
	}
	observe := func(now time.Time, typ string) Observation {
		o := Observation{Now: now, Alive: rnd.IntN(12) != 0, Type: typ,
			Reported: reports[rnd.IntN(len(reports))], ReportedAt: maybe(now),
			Screen: screens[rnd.IntN(len(screens))], LastOutput: maybe(now), LastInput: maybe(now),
			Started: maybe(now), AwaitsComposer: rnd.IntN(3) == 0}
		if o.Exited = rnd.IntN(15) == 0; o.Exited {
			o.ExitKnown, o.ExitStatus = rnd.IntN(2) == 0, rnd.IntN(3)
		}
		if typ == TypeTerminal && rnd.IntN(2) == 0 {
			o.CommandState = []string{"running", "idle"}[rnd.IntN(2)]
			o.CommandStarted, o.CommandEnded = maybe(now), maybe(now)
			o.CommandExit = []string{"", "0", "2"}[rnd.IntN(3)]
		}
		if rnd.IntN(3) == 0 {
			o.LastOutput = now.Add(-time.Duration(rnd.Int64N(int64(3 * time.Second)))) // often just now
		}
		return o
	}
	for i := range 3000 {
		var tr Tracker
		typ := types[rnd.IntN(len(types))]
		now := t0
		for range rnd.IntN(6) {
			tr.Classify(observe(now, typ), c)
			now = now.Add(time.Duration(rnd.Int64N(int64(8 * time.Second))))
		}
		o := observe(now, typ)
		said := tr.Classify(o, c)
		checkStill(t, "random #"+strconv.Itoa(i), tr, said, o, c, rnd)
	}
}
