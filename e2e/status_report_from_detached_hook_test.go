package e2e

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/status/vendorhooks"
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

// The command amux installs as Claude Code's Stop hook, run the way Claude
// Code runs it (sh -c, the event's JSON on stdin, no controlling terminal,
// output captured), reports done to its pane and prints nothing.
func TestClaudeStopHookReportsFromADetachedProcess(t *testing.T) {
	env := harness.NewEnv(t)
	srv := env.Server
	created := srv.Session(t, "amux-0123456789abcdef-tab-x-1", nil, "sleep", "3600")
	installTap(t, srv, created.PaneID)
	socket := strings.TrimSpace(srv.MustRun(t, "display-message", "-p", "#{socket_path}"))

	settings := filepath.Join(t.TempDir(), "settings.json")
	if _, err := vendorhooks.InstallClaude(settings, ""); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Hooks map[string][]struct {
			Hooks []struct{ Command string }
		}
	}
	data, _ := os.ReadFile(settings)
	if err := json.Unmarshal(data, &doc); err != nil || len(doc.Hooks["Stop"]) != 1 || len(doc.Hooks["Stop"][0].Hooks) != 1 {
		t.Fatalf("installed settings: %v\n%s", err, data)
	}
	hook := doc.Hooks["Stop"][0].Hooks[0].Command

	cmd := exec.Command("/bin/sh", "-c", hook)
	cmd.Env = append(env.Vars(), "AMUX_ENV=1", "AMUX_BIN_PATH="+harness.AmuxBinary(t),
		"TMUX="+socket+",1,0", "TMUX_PANE="+created.PaneID)
	cmd.Stdin = strings.NewReader(`{"hook_event_name":"Stop"}`)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true} // no controlling terminal
	if out, err := cmd.CombinedOutput(); err != nil || len(out) > 0 {
		t.Fatalf("hook: %v, printed %q", err, out)
	}
	waitStatus(t, srv, created.PaneID, map[string]string{tmux.PaneReportedState: "done"})
}
