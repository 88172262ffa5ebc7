package app

import (
	"strings"
	"testing"
	"time"

	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/ui/projectlist"
)

func TestTabSetAttentionOrderAndBadges(t *testing.T) {
	now := time.Now()
	mk := func(id string, st agentstate.State, attention bool, ago time.Duration) *tab {
		return &tab{id: id, state: agentstate.Result{State: st, Kind: "question"}, attention: attention, attentionSince: now.Add(-ago)}
	}
	doneOld := mk("done-old", agentstate.Done, true, time.Minute)
	doneNew := mk("done-new", agentstate.Done, true, time.Second)
	blocked := mk("blocked", agentstate.Blocked, true, time.Second)
	seenDone := mk("seen", agentstate.Done, false, time.Hour)
	s := tabSet{}
	s.ensure("a").tabs = []*tab{doneNew, seenDone}
	s.ensure("b").tabs = []*tab{doneOld, blocked, mk("busy", agentstate.Working, false, 0)}

	var order []string
	shown := (*tab)(nil)
	for range 4 {
		a, ok := s.nextAttention(shown)
		if !ok {
			t.Fatal("nothing needs attention")
		}
		order = append(order, a.t.id)
		shown = a.t
		if a.t != blocked {
			a.t.attention = false // seen
		}
	}
	// Blocked first (and again, while it stays blocked), then done, oldest
	// first; a seen done tab leaves the list.
	if want := "blocked done-old blocked done-new"; strings.Join(order, " ") != want {
		t.Fatalf("attention order %q, want %q", strings.Join(order, " "), want)
	}
	if b, detail := s.badge("b"); b != projectlist.BadgeBlocked || detail != "blocked: question" {
		t.Fatalf("badge b = %v %q", b, detail)
	}
	if b, _ := s.badge("a"); b != projectlist.BadgeNone {
		t.Fatalf("seen done tabs must not badge: %v", b)
	}
}
