package e2e

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
)

// stateLog records every write of @amux_agent_state on the server, through a
// tmux hook, so a test sees each publication exactly as often as it happened.
func stateLog(t *testing.T, env *harness.Env) func() []string {
	t.Helper()
	log := filepath.Join(t.TempDir(), "states.log")
	env.Server.Session(t, "keepalive", nil) // the hook needs a running server
	env.Server.MustRun(t, "set-hook", "-g", "after-set-option",
		"run-shell \"printf '%s\\\\n' '#{hook_arguments}' >> "+log+"\"")
	return func() []string {
		b, _ := os.ReadFile(log)
		var states []string
		for line := range strings.SplitSeq(string(b), "\n") {
			f := strings.Fields(line)
			if len(f) >= 2 && f[len(f)-2] == tmux.TagAgentState {
				states = append(states, f[len(f)-1])
			}
		}
		return states
	}
}

// The agent-state story: an idle agent starts working when it prints, is
// done when it goes quiet, and idle again after the done window — each
// transition published once, in order.
func TestAgentStateTransitionsPublishedOnceInOrder(t *testing.T) {
	s := newAgentSetup(t)
	states := stateLog(t, s.env)
	s.openFakeAgent(t, "")
	harness.Eventually(t, func() (bool, string) {
		got := states()
		return len(got) > 0 && got[len(got)-1] == "idle", "states so far: " + strings.Join(got, ",")
	})

	afterStartupGrace(t, s.env)
	s.agent.Burst(20000)
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
	s := newAgentSetup(t)
	states := stateLog(t, s.env)
	s.openFakeAgent(t, "")
	s.agent.Report("state=blocked:kind=permission:app=fake:msg=" + b64("Run rm -rf build?"))
	for range 5 {
		s.agent.Burst(4000)
	}
	harness.Eventually(t, func() (bool, string) {
		got := states()
		return len(got) > 0 && got[len(got)-1] == "blocked", "states: " + strings.Join(got, ",")
	})
	s.term.WaitText("Run rm -rf build?")
	harness.Eventually(t, func() (bool, string) { return s.term.BellRang(t), "no bell for the blocked agent" })
}

// afterStartupGrace waits until the agent has finished starting in amux's
// eyes: its pane has been quiet longer than the quiet window (1.5 s in these
// tests) and a scan has seen that, so its next output counts as work.
func afterStartupGrace(t *testing.T, env *harness.Env) {
	t.Helper()
	session := agentSession(t, env)
	out := env.Server.MustRun(t, "display-message", "-p", "-t", tmux.ExactPane(session), "#{window_activity}")
	sec, err := strconv.ParseInt(strings.TrimSpace(out), 10, 64)
	if err != nil {
		t.Fatalf("window activity %q: %v", out, err)
	}
	// Activity has one-second resolution: +1 s, the quiet window, a scan.
	settled := time.Unix(sec, 0).Add(time.Second + 1500*time.Millisecond + 1100*time.Millisecond)
	harness.Eventually(t, func() (bool, string) { return time.Now().After(settled), "the agent is still starting" })
}
