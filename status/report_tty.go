package status

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"amux.dev/amux/tmux"
)

// openReportTTY finds the terminal a report goes to when stdout is not one:
// the controlling terminal, else — for hooks that agents run detached from
// any terminal (Claude Code's are) — the tty of the pane named by
// $TMUX_PANE, asked of the tmux server in $TMUX. Writing there shows the
// sequence in that pane's output, where the tap reads it.
func openReportTTY() (io.WriteCloser, error) {
	f, err := os.OpenFile("/dev/tty", os.O_WRONLY, 0)
	if err == nil {
		return f, nil
	}
	pane := os.Getenv("TMUX_PANE")
	if pane == "" || os.Getenv("TMUX") == "" {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	out, qerr := tmux.New(tmux.ResolveServerInPane(os.Getenv)).Run(ctx, "display-message", "-p", "-t", pane, "#{pane_tty}")
	path := strings.TrimSpace(out)
	if qerr != nil || !strings.HasPrefix(path, "/dev/") {
		return nil, errors.Join(err, fmt.Errorf("pane %s: no tty (%v)", pane, qerr))
	}
	return os.OpenFile(path, os.O_WRONLY, 0)
}
