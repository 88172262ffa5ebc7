package monitor

import (
	"context"
	"regexp"
	"strings"

	"amux.dev/amux/tmux"
)

// The exit status of a pane whose program ended comes from tmux's
// pane_dead_status. tmux 3.3a sometimes never records it for a program
// that ends at once (seen here for a command not found: the pane is dead,
// the status stays empty). The shell's own words are then the evidence: a
// dead pane without a status is read once, and a last line saying the
// command was not found is taken as 127.

// notFoundRE matches what sh, dash, bash and zsh print for a missing
// command, at the end of the pane's text.
var notFoundRE = regexp.MustCompile(`(?i)(: not found|command not found)\s*$`)

// exitCodes remembers, by session ID, the status read from a dead pane's
// text (-1: read, nothing found).
type exitCodes map[string]int

// deadPaneStatus fills in row.exitCode from the pane's text when tmux has
// no status for a dead pane; each pane is read at most once.
func (s *Monitor) deadPaneStatus(ctx context.Context, r tmux.Runner, row *paneRow) {
	if !row.dead {
		delete(s.exits, row.sessionID) // restarted: a later end is read afresh
		return
	}
	if row.exitCode >= 0 {
		return
	}
	code, seen := s.exits[row.sessionID]
	if !seen {
		code = -1
		s.commands++
		if out, err := tmux.CapturePane(ctx, r, row.paneID, -20, false); err == nil && notFoundRE.MatchString(lastWords(out)) {
			code = 127
		}
		s.exits[row.sessionID] = code
	}
	row.exitCode = code
}

// lastWords is the pane's last line of its own: blank rows and tmux's
// "Pane is dead" line (drawn once it has a status, scrolling the screen a
// line, which is why a few lines of history are read too) are not the
// program's.
func lastWords(screen string) string {
	lines := strings.Split(screen, "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		l := strings.TrimSpace(lines[i])
		if l == "" || strings.HasPrefix(l, "Pane is dead") {
			continue
		}
		return l
	}
	return ""
}
