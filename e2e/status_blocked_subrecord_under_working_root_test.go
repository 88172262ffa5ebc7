package e2e

import (
	"testing"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
)

// A working agent starts a worker that needs its human: the blocked
// sub-record wins the fold; clearing it brings back the root's working.
func TestBlockedSubRecordUnderWorkingRoot(t *testing.T) {
	env := harness.NewEnv(t)
	agent := tappedAgent(t, env, "amux-0123456789abcdef-tab-2")

	agent.Report("state=working:msg=" + harness.B64("Running the plan"))
	waitStatus(t, env.Server, agent.PaneID, map[string]string{tmux.PaneReportedState: "working"})

	agent.Report("state=blocked:id=worker/1:kind=permission:msg=" + harness.B64("Allow rm -rf build?"))
	waitStatus(t, env.Server, agent.PaneID, map[string]string{
		tmux.PaneReportedState: "blocked", tmux.PaneReportedKind: "permission",
		tmux.PaneReportedMessage: "Allow rm -rf build?",
	})

	// Clearing the parent id removes the worker and its children.
	agent.Report("state=clear:id=worker")
	waitStatus(t, env.Server, agent.PaneID, map[string]string{
		tmux.PaneReportedState: "working", tmux.PaneReportedKind: "",
		tmux.PaneReportedMessage: "Running the plan",
	})
}
