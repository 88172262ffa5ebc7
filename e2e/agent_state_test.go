package e2e

import (
	"strings"
	"testing"

	"amux.dev/amux/e2e/harness"
)

// The agent-state story: an idle agent starts working when it prints, is
// done when it goes quiet, and idle again after the done window — each
// transition published once, in order.
func TestAgentStateTransitionsPublishedOnceInOrder(t *testing.T) {
	s := harness.NewAgentSetup(t)
	states := s.Env.StateLog(t)
	s.OpenFakeAgent(t, "")
	harness.Eventually(t, func() (bool, string) {
		got := states()
		return len(got) > 0 && got[len(got)-1] == "idle", "states so far: " + strings.Join(got, ",")
	})

	s.Env.AfterStartupGrace(t)
	s.Agent.Burst(20000)
	harness.Eventually(t, func() (bool, string) {
		got := strings.Join(states(), ",")
		return strings.HasSuffix(got, "idle"+",working,done,idle"), "states so far: " + got
	})
	if got := strings.Join(states(), ","); got != "idle,working,done,idle" {
		t.Fatalf("published %s, want idle,working,done,idle exactly", got)
	}
}

// A blocked report wins over output that keeps scrolling, and rings up the
// tab bar with its message.
func TestBlockedReportOverridesScrollingOutput(t *testing.T) {
	s := harness.NewAgentSetup(t)
	states := s.Env.StateLog(t)
	s.OpenFakeAgent(t, "")
	s.Agent.Report("state=blocked:kind=permission:app=fake:msg=" + harness.B64("Run rm -rf build?"))
	for range 5 {
		s.Agent.Burst(4000)
	}
	harness.Eventually(t, func() (bool, string) {
		got := states()
		return len(got) > 0 && got[len(got)-1] == "blocked", "states: " + strings.Join(got, ",")
	})
	s.Term.WaitText("Run rm -rf build?")
	harness.Eventually(t, func() (bool, string) { return s.Term.BellRang(t), "no bell for the blocked agent" })
}
