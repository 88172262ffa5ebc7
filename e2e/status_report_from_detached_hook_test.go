package e2e

import (
	"os/exec"
	"strings"
	"syscall"
	"testing"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
)

// Agents run their hooks with no controlling terminal (Claude Code does). A
// hook's `amux report` then finds its pane through $TMUX_PANE and writes to
// that pane's tty, so the report still reaches the tap.
func TestReportFromAHookWithoutATerminal(t *testing.T) {
	env := harness.NewEnv(t)
	srv := env.Server
	created := srv.Session(t, "amux-0123456789abcdef-tab-x-1", nil, "sleep", "3600")
	installTap(t, srv, created.PaneID)
	socket := strings.TrimSpace(srv.MustRun(t, "display-message", "-p", "#{socket_path}"))

	cmd := exec.Command(harness.AmuxBinary(t), "report", "--state", "done", "--app", "hook", "--message", "turn over")
	cmd.Env = append(env.Vars(), "TMUX="+socket+",1,0", "TMUX_PANE="+created.PaneID)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true} // no controlling terminal
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("amux report: %v\n%s", err, out)
	}
	waitStatus(t, srv, created.PaneID, map[string]string{
		tmux.PaneReportedState: "done", tmux.PaneReportedApp: "hook", tmux.PaneReportedMessage: "turn over",
	})
}
