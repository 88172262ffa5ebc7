package app

import (
	"strings"
	"testing"

	"amux.dev/amux/status/agentstate"
)

// A blocked tab's question is long; the tab bar still shows every tab and
// cuts the question to the cells they leave, never the other way round.
func TestTabBarShowsEveryTabBeforeTheReason(t *testing.T) {
	m := newTestModel(t, 80, 24)
	withTabs(m, 3)
	wt := m.tabs.of(m.list.selectedID())
	wt.tabs[0].state = agentstate.Result{State: agentstate.Blocked, Kind: "permission",
		Message: "Do you want to allow Claude to run npm install and rewrite package-lock.json in this repository?"}
	m.Update(nil)
	bar := rows(m)[1]
	for _, want := range []string{"1 claude", "2 claude", "3 claude"} {
		if !strings.Contains(bar, want) {
			t.Fatalf("the tab bar lost %q to the reason: %q", want, bar)
		}
	}
	if !strings.Contains(bar, "blocked") || !strings.Contains(bar, "…") {
		t.Fatalf("the reason is not shown, cut with an ellipsis, after the tabs: %q", bar)
	}
}
