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
	f, err := reportTTY(os.Getenv, func() (*os.File, error) {
		return os.OpenFile("/dev/tty", os.O_WRONLY, 0)
	})
	if err != nil {
		return nil, err
	}
	return f, nil
}

// reportTTY is openReportTTY with the environment and the controlling
// terminal passed in. Without $TMUX_PANE it never asks tmux: an empty
// target would name whichever pane tmux thinks is current, and the report
// would land on someone else's.
func reportTTY(getenv func(string) string, openCtty func() (*os.File, error)) (*os.File, error) {
	f, err := openCtty()
	if err == nil {
		return f, nil
	}
	pane := getenv("TMUX_PANE")
	if pane == "" || getenv("TMUX") == "" {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	out, qerr := tmux.New(tmux.ResolveServerInPane(getenv)).Run(ctx, "display-message", "-p", "-t", pane, "#{pane_tty}")
	path := strings.TrimSpace(out)
	if qerr != nil || !strings.HasPrefix(path, "/dev/") {
		return nil, errors.Join(err, fmt.Errorf("pane %s: no tty (%v)", pane, qerr))
	}
	return os.OpenFile(path, os.O_WRONLY, 0)
}
