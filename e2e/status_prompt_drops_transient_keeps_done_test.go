package e2e

import (
	"testing"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
)

// A shell with OSC 133 integration shows a new prompt: working and blocked
// reports end with it, a done report stays; command tracking is published.
func TestPromptDropsTransientKeepsDone(t *testing.T) {
	env := harness.NewEnv(t)
	agent := tappedAgent(t, env, "amux-0123456789abcdef-tab-3")

	agent.Report("state=done:app=build:msg=" + harness.B64("compiled"))
	agent.Report("state=working:app=agent")
	agent.Report("state=blocked:app=helper:kind=auth")
	waitStatus(t, env.Server, agent.PaneID, map[string]string{tmux.PaneReportedState: "blocked"})

	agent.OSC133("A")
	waitStatus(t, env.Server, agent.PaneID, map[string]string{
		tmux.PaneReportedState: "done", tmux.PaneReportedApp: "build",
		tmux.PaneReportedMessage: "compiled", tmux.PaneCommandState: "idle",
	})

	agent.OSC133("B")
	agent.OSC133("C;k=1")
	got := waitStatus(t, env.Server, agent.PaneID, map[string]string{tmux.PaneCommandState: "running"})
	if len(got[tmux.PaneCommandStartedAt]) != 13 {
		t.Fatalf("started_at %q", got[tmux.PaneCommandStartedAt])
	}
	agent.OSC133("D;7;aid=1")
	got = waitStatus(t, env.Server, agent.PaneID, map[string]string{tmux.PaneCommandState: "idle", tmux.PaneCommandExit: "7"})
	if got[tmux.PaneCommandEndedAt] < got[tmux.PaneCommandStartedAt] {
		t.Fatalf("ended %s before started %s", got[tmux.PaneCommandEndedAt], got[tmux.PaneCommandStartedAt])
	}
	if got[tmux.PaneReportedState] != "done" {
		t.Fatalf("command tracking changed the reported state: %v", got)
	}
}
