package status

import (
	"context"
	"os"
	"strings"

	"amux.dev/amux/config/procid"
	"amux.dev/amux/tmux"
)

// adoptOrphans runs once when a shared tap starts: every pane whose
// @amux_tap names a tap process that is gone (the shared tap before this
// one was killed, say) is piped to this one, so repairing one pane, or
// opening a new tab, brings back every pane's tap. Panes whose tap still
// runs — an older amux's per-pane tap included — and panes never tapped are
// left alone.
//
// The re-pipe is a compare-and-swap inside tmux: it runs only if the pane's
// pipe and @amux_tap are still what was read, in one pass of tmux's
// command queue, so a repair or install that got there first is never
// undone. If a handover of the pane was in flight, its pipe is closed and
// the shared tap refuses the closed stream.
func (d *shared) adoptOrphans(bin, socket string) int {
	ctx, cancel := context.WithTimeout(d.ctx, tmux.DefaultTimeout)
	defer cancel()
	out, err := d.cfg.runner.Run(ctx, "list-panes", "-a", "-F", "#{pane_id}\t#{pane_dead}\t#{pane_pipe}\t#{"+tmux.PaneTap+"}")
	if err != nil {
		return 0
	}
	own := tapIdentity()
	n := 0
	for line := range strings.Lines(out) {
		f := strings.Split(strings.TrimSuffix(line, "\n"), "\t")
		if len(f) != 4 || !validPaneID(f[0]) || f[1] != "0" || (f[2] != "0" && f[2] != "1") || f[3] == own || !plainIdentity(f[3]) {
			continue
		}
		pid, token, ok := ParseTapIdentity(f[3])
		if !ok || procid.Alive(pid, token) {
			continue
		}
		pane := f[0]
		swap := tmux.CommandLine("pipe-pane", "-t", pane) + " ; " +
			tmux.CommandLine("pipe-pane", "-o", "-t", pane, TapShellCommand(bin, socket, pane))
		cond := "#{==:#{pane_pipe}|#{" + tmux.PaneTap + "}," + f[2] + "|" + f[3] + "}"
		if _, err := d.cfg.runner.Run(ctx, "if-shell", "-F", "-t", pane, cond, swap); err != nil {
			d.cfg.logf("shared tap: adopt %s: %v", pane, err)
			continue
		}
		n++
	}
	return n
}

// plainIdentity accepts the characters a tap identity is made of (a pid,
// a boot id, a start time), so a value a program in the pane set by hand
// can never reach the format adoptOrphans compares it in.
func plainIdentity(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c == ':' || c == '-') {
			return false
		}
	}
	return true
}

// adoptBinary is the amux binary a re-pipe runs: this one, unless the file
// was replaced since it started ("" then, and nothing is adopted).
func adoptBinary() string {
	bin, err := os.Executable()
	if err != nil || strings.HasSuffix(bin, " (deleted)") {
		return ""
	}
	return bin
}
