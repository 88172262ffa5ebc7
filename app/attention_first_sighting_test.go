package app

import (
	"testing"
	"time"

	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/status/monitor"
)

// A session found at a restart (no state yet) that is blocked is no news;
// a tab opened in this instance starts idle, so its first state, blocked,
// is an edge that wants a person (the bell, the notification).
func TestATabOpenedHereRingsOnItsFirstBlockedState(t *testing.T) {
	blocked := map[string]monitor.SessionState{
		"found":  {Result: agentstate.Result{State: agentstate.Blocked, Attention: true}},
		"opened": {Result: agentstate.Result{State: agentstate.Blocked, Attention: true}},
	}
	found := &tab{id: "t-1", session: "found"}
	opened := &tab{id: "t-2", session: "opened", state: agentstate.Result{State: agentstate.Idle, Detail: "starting"}}
	s := tabSet{"1111111111111111": &workspaceTabs{tabs: []*tab{found, opened}}}
	edges, _ := s.applyStates(blocked, nil, time.Now())
	if len(edges) != 1 || edges[0].t != opened || !edges[0].attention {
		t.Fatalf("edges %+v, want one (the tab opened here), wanting a person", edges)
	}
	if found.attention || !opened.attention {
		t.Fatalf("attention: found %v, opened %v", found.attention, opened.attention)
	}
}
