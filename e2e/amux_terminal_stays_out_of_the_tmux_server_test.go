package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// amux starts its tmux server (its first tab's command does) and opens a
// shell tab. Neither the server nor the tab's `tmux attach` client holds
// the terminal amux runs on: the server outlives amux, and with amux's
// terminal open it would keep that terminal from ever ending.
func TestAmuxTerminalStaysOutOfTheTmuxServer(t *testing.T) {
	env, term, _ := startShellAmux(t, 120, 40)
	createWorkspace(t, term, "feat", "")
	term.Press(t, "new-terminal-tab")
	term.WaitText("started shell")

	tty := term.Display(t, "#{pane_tty}")
	if !strings.HasPrefix(tty, "/dev/") {
		t.Fatalf("amux's terminal is %q", tty)
	}
	server := strings.TrimSpace(env.Server.MustRun(t, "display-message", "-p", "#{pid}"))
	clients := strings.Fields(env.Server.MustRun(t, "list-clients", "-F", "#{client_pid}"))
	if len(clients) == 0 {
		t.Fatal("amux's tab has no tmux client")
	}
	for _, pid := range append([]string{server}, clients...) {
		fds, err := os.ReadDir(filepath.Join("/proc", pid, "fd"))
		if err != nil {
			t.Fatal(err)
		}
		for _, fd := range fds {
			target, _ := os.Readlink(filepath.Join("/proc", pid, "fd", fd.Name()))
			if target == tty {
				t.Errorf("tmux process %s holds amux's terminal %s as fd %s", pid, tty, fd.Name())
			}
		}
	}
	leaveTerminal(t, term)
	term.Press(t, "quit")
	term.WaitExit()
}
