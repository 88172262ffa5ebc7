package app

import (
	"testing"
	"time"

	"amux.dev/amux/config"
	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/status/monitor"
)

// The app reads time only from Deps.Now: a test that moves the clock moves
// what the app records. The clock here runs backwards, which the wall
// clock never does, so a time.Now left in the path would show.
func TestTheAppReadsTimeFromItsClock(t *testing.T) {
	clock := time.Date(2030, 1, 2, 15, 0, 0, 0, time.UTC)
	m := New(withEngine(Deps{Config: config.Defaults(), Now: func() time.Time { return clock }, Zone: time.UTC}, testEngine(t)))
	if got := m.watch.healthInputs(m.watchScene()).Now; !got.Equal(clock) {
		t.Fatalf("health checks at %v, want the clock's %v", got, clock)
	}

	first := &tab{id: "a", session: "amux-clock-a", state: agentstate.Result{State: agentstate.Working}}
	second := &tab{id: "b", session: "amux-clock-b", state: agentstate.Result{State: agentstate.Working}}
	m.tabs.ensure("1111111111111111").tabs = []*tab{first}
	m.tabs.ensure("2222222222222222").tabs = []*tab{second}
	done := func(session string) monitor.Result {
		st := monitor.SessionState{Name: session, Result: agentstate.Result{State: agentstate.Done, Attention: true}}
		return monitor.Result{Sessions: map[string]monitor.SessionState{session: st}}
	}
	m.update(monitorMsg{done(first.session)})
	clock = clock.Add(-time.Hour) // the second finishes "earlier" by the clock
	m.update(monitorMsg{done(second.session)})

	if !first.attentionSince.Equal(clock.Add(time.Hour)) || !second.attentionSince.Equal(clock) {
		t.Fatalf("attention since %v and %v, want the clock's %v and %v",
			first.attentionSince, second.attentionSince, clock.Add(time.Hour), clock)
	}
	// Oldest first, by the clock: the second tab.
	if a, ok := m.tabs.nextAttention(nil); !ok || a.t != second {
		t.Fatalf("next attention is %+v (ok=%v), want the tab the clock says finished first", a.t, ok)
	}
}
