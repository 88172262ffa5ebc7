package agentstate

import (
	"slices"
	"time"
)

// look is a tracker's last classification: what it saw, with which
// timings, and what it said.
type look struct {
	o  Observation
	c  Config
	r  Result
	ok bool // a classification happened
}

// NextChange is the earliest time at which the clock alone could change
// what the tracker says of the observation it classified last: the first
// instant a later Classify of that same observation, only its Now moved
// on, gives a different Result (Detail aside: it says how long ago, and
// nobody publishes it). Before that instant every Classify of it says the
// same, so a monitor whose observations do not change need not look again
// until then. The zero time means never by the clock alone — or no
// Classify yet. A time not after the last look's Now means the very next
// look may differ (a rule that holds for one look, such as "done after an
// answer").
//
// Every time-driven rule compares Now with one moment plus one window, so
// the answer changes only at these instants:
//
//   - ReportedAt + DoneWindow: a reported done or idle goes stale;
//   - CommandEnded + DoneWindow: a shell command's done or error turns to
//     the idle prompt;
//   - Started (or the end of the last gate) + StartupGrace, and
//     LastOutput + QuietAfter: a start ends;
//   - LastOutput + ActiveWindow: output is no longer recent;
//   - the tracker's last work + QuietAfter: the hysteresis lets go and
//     working turns done;
//   - the tracker's done + DoneWindow: done turns idle;
//   - Started + RunningAfter: a run script is no longer young.
//
// NextChange tries each of these in order on a copy of the tracker, so it
// follows Classify exactly instead of restating its rules.
func (t *Tracker) NextChange() time.Time {
	l := t.look
	if !l.ok {
		return time.Time{}
	}
	if !t.says(l.o, l.c, l.r) {
		return l.o.Now // the next look differs, whenever it is
	}
	o, c := l.o, l.c
	started := o.Started
	if t.resumed.After(started) {
		started = t.resumed
	}
	at := []time.Time{
		o.ReportedAt.Add(c.DoneWindow),
		o.CommandEnded.Add(c.DoneWindow),
		started.Add(c.StartupGrace),
		o.Started.Add(c.StartupGrace),
		o.LastOutput.Add(c.QuietAfter),
		o.LastOutput.Add(c.ActiveWindow),
		t.workedAt.Add(c.QuietAfter),
		t.doneAt.Add(c.DoneWindow),
		o.Started.Add(c.RunningAfter),
	}
	slices.SortFunc(at, func(a, b time.Time) int { return a.Compare(b) })
	for _, when := range at {
		if !when.After(o.Now) {
			continue
		}
		o.Now = when
		if !t.says(o, c, l.r) {
			return when
		}
	}
	return time.Time{}
}

// says reports whether a copy of the tracker, classifying o, gives r
// (Detail aside). The tracker itself is left as it was.
func (t *Tracker) says(o Observation, c Config, r Result) bool {
	cp := *t
	got := cp.Classify(o, c)
	got.Detail, r.Detail = "", ""
	return got == r
}
