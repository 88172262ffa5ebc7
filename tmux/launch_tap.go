package tmux

import (
	"context"
	"os/exec"
	"strings"
	"time"
)

// tapWait bounds how long a pane waits for its status tap before its
// program starts: the tap is installed right after the session is made,
// in tens of milliseconds, and a tap that never comes must not keep the
// program from starting (the session hosts fine without one).
const tapWait = 2 * time.Second

// awaitPipe waits until the pane's output is piped (tmux's pane_pipe: the
// status tap's pipe-pane is in place), for at most wait; it reports
// whether it was. tmuxEnv is the pane's $TMUX ("socket,pid,session"),
// pane its $TMUX_PANE. A program's first words (an OSC 7501 report from
// its start hook) are written to the pane before anyone reads them: with
// the pipe in place they reach the tap, since tmux copies the pane's
// output into the pipe from then on.
func awaitPipe(tmuxEnv, pane string, wait time.Duration) bool {
	socket, _, _ := strings.Cut(tmuxEnv, ",")
	if socket == "" || pane == "" {
		return false
	}
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	for delay := 2 * time.Millisecond; ; delay = min(delay*2, 50*time.Millisecond) {
		out, err := exec.CommandContext(ctx, "tmux", "-S", socket, "display-message", "-p", "-t", pane, "#{pane_pipe}").Output()
		if err == nil && strings.TrimSpace(string(out)) == "1" {
			return true
		}
		select {
		case <-ctx.Done():
			return false
		case <-time.After(delay):
		}
	}
}
