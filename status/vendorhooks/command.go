package vendorhooks

import (
	"errors"
	"path/filepath"
	"strings"

	"amux.dev/amux/status"
)

// Marker ends every hook command amux writes. It is a shell comment, so it
// changes nothing when the command runs, and it is how amux recognises its
// own entries among the user's when it updates or removes them.
const Marker = "# amux-hook"

// hookCommand builds the shell command a vendor hook runs to report a state
// to amux: `"$AMUX_BIN_PATH" report <args>`.
//
// Outside an amux pane (AMUX_ENV unset) it does nothing. It never fails and
// never prints: a hook's output and exit status reach the vendor's UI and
// the model, and amux must not show up there. So report runs with stdin,
// stdout and stderr on /dev/null.
//
// Claude Code starts hooks without a controlling terminal. report finds the
// pane by itself then: with stdout not a terminal and no /dev/tty, it asks
// the tmux server in $TMUX for the tty of $TMUX_PANE (both inherited from
// the pane) and writes there. The command runs no tmux of its own.
//
// binHint, when set, is an absolute path to the amux binary used when
// AMUX_BIN_PATH is unset or no longer executable (amux moved or upgraded
// while panes kept the old path).
func hookCommand(reportArgs, binHint string) (string, error) {
	pick := `b=$AMUX_BIN_PATH && [ -x "$b" ]`
	if binHint != "" {
		if !filepath.IsAbs(binHint) || strings.ContainsAny(binHint, "\x00\n\r") {
			return "", errors.New("amux binary hint must be an absolute path on one line")
		}
		pick = `b=$AMUX_BIN_PATH && { [ -x "$b" ] || b=` + status.ShellQuote(binHint) + `; [ -x "$b" ]; }`
	}
	return `[ -n "$AMUX_ENV" ] && ` + pick + ` && "$b" report ` + reportArgs +
		` </dev/null >/dev/null 2>&1; true ` + Marker, nil
}

// isAmuxCommand reports whether a hook command is one amux wrote.
func isAmuxCommand(cmd string) bool {
	return strings.Contains(cmd, Marker)
}
