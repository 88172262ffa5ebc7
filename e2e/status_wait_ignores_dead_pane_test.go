package e2e

import (
	"strings"
	"testing"
	"time"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

// An agent reports working and then dies. Its working report can no longer
// be acted on: wait never matches it, whether the pane stays (remain-on-exit)
// or goes with its session. A done report survives its process.
func TestWaitIgnoresDeadPane(t *testing.T) {
	env := harness.NewEnv(t)
	srv := env.Server
	kept := tappedAgent(t, env, "amux-0123456789abcdef-tab-6")
	srv.MustRun(t, "set-option", "-p", "-t", kept.PaneID, "remain-on-exit", "on")
	kept.Report("state=done:app=build:msg=" + harness.B64("compiled"))
	kept.Report("state=working:app=agent")
	waitStatus(t, srv, kept.PaneID, map[string]string{tmux.PaneReportedState: "working"})

	gone := tappedAgent(t, env, "amux-0123456789abcdef-tab-7")
	gone.Report("state=blocked:kind=question")
	waitStatus(t, srv, gone.PaneID, map[string]string{tmux.PaneReportedState: "blocked"})

	kept.Exit(0)
	gone.Exit(0)
	tmuxtest.WaitFor(t, harness.DefaultWait, func() (bool, string) {
		out, _ := srv.Run(t.Context(), "list-panes", "-a", "-F", "#{session_name}|#{pane_id}:#{pane_dead}")
		var panes []string
		for line := range strings.Lines(out) {
			// The status taps' control session hosts no agent.
			if name, pane, _ := strings.Cut(strings.TrimSpace(line), "|"); name != tmux.ControlSession {
				panes = append(panes, pane)
			}
		}
		return strings.Join(panes, " ") == kept.PaneID+":1", "panes: " + out
	})

	// The tap saw the process end although tmux kept the pane: the working
	// record is gone and the done record shows.
	waitStatus(t, srv, kept.PaneID, map[string]string{tmux.PaneReportedState: "done"})

	start := time.Now()
	w := startAmuxWait(t, env.Vars(), "--state", "working,blocked", "--timeout", "1500ms")
	if code, out, errOut := w.result(t); code != 2 {
		t.Fatalf("a dead pane's transient report matched: exit %d out %q err %q", code, out, errOut)
	}
	if time.Since(start) < 1500*time.Millisecond {
		t.Fatal("wait returned before its timeout")
	}

	w = startAmuxWait(t, env.Vars(), "--state", "done", "--timeout", "10s")
	if code, out, _ := w.result(t); code != 0 || out != "session=amux-0123456789abcdef-tab-6 state=done kind= app=build message=compiled\n" {
		t.Fatalf("done after exit: exit %d out %q", code, out)
	}
}
