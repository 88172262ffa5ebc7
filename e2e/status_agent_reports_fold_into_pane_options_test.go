package e2e

import (
	"testing"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
)

// An agent reports what it is doing; amux's tap folds the reports into the
// pane options an orchestrator reads with list-panes.
func TestAgentReportsFoldIntoPaneOptions(t *testing.T) {
	env := harness.NewEnv(t)
	agent := tappedAgent(t, env, "amux-0123456789abcdef-tab-1")

	agent.Report("state=working:app=claude:msg=" + harness.B64("Refactoring the parser"))
	got := waitStatus(t, env.Server, agent.PaneID, map[string]string{
		tmux.PaneReportedState: "working", tmux.PaneReportedApp: "claude",
		tmux.PaneReportedMessage: "Refactoring the parser", tmux.PaneReportedKind: "",
	})
	if len(got[tmux.PaneReportedAt]) != 13 {
		t.Fatalf("@amux_reported_at %q is not Unix ms", got[tmux.PaneReportedAt])
	}

	agent.Report("state=blocked:app=claude:kind=question:msg=" + harness.B64("Which migration?"))
	waitStatus(t, env.Server, agent.PaneID, map[string]string{
		tmux.PaneReportedState: "blocked", tmux.PaneReportedKind: "question",
		tmux.PaneReportedMessage: "Which migration?",
	})

	// state=clear without an id removes every record of that app.
	agent.Report("state=clear:app=claude")
	waitStatus(t, env.Server, agent.PaneID, map[string]string{
		tmux.PaneReportedState: "", tmux.PaneReportedApp: "", tmux.PaneReportedMessage: "", tmux.PaneReportedAt: "",
	})

	// The agent's own bytes were not disturbed by any of this.
	if got := agent.Received(); len(got) != 0 {
		t.Fatalf("agent received input %q", got)
	}
}
