package status

import (
	"context"
	"fmt"
	"strings"

	"amux.dev/amux/tmux"
)

// TapVerb is the hidden argv verb that runs a pane tap.
const TapVerb = "--internal-tap"

// InstallTap pipes the output of pane paneID ("%N") into
// `amuxBin --internal-tap -S <socket> --shared %N`, which hands the pipe to
// the server's shared tap (starting it if none runs) and exits; the shared
// tap publishes the pane's reported state. It is idempotent: a pane that
// already has a pipe keeps it.
//
// `pipe-pane -o` alone is not enough for that: on a pane with a pipe it
// closes the pipe (it is a toggle). So the pipe is opened under
// `if-shell -F '#{?pane_pipe,,1}'`, which tmux evaluates and acts on within
// one command queue pass, so two concurrent installs cannot toggle each other
// off. The tap runs under /bin/sh as a child of the tmux server, which does
// not set $TMUX for pipe-pane commands, so the server's socket path is passed
// explicitly.
func InstallTap(ctx context.Context, runner tmux.Runner, amuxBin, paneID string) error {
	if !validPaneID(paneID) {
		return fmt.Errorf("install tap: %q is not a pane id (%%N)", paneID)
	}
	if amuxBin == "" {
		return fmt.Errorf("install tap on %s: empty amux binary path", paneID)
	}
	out, err := runner.Run(ctx, "display-message", "-p", "-t", paneID, "#{pane_pipe} #{socket_path}")
	if err != nil {
		return fmt.Errorf("install tap on %s: %w", paneID, err)
	}
	pipe, socket, ok := strings.Cut(strings.TrimSuffix(out, "\n"), " ")
	if !ok || socket == "" {
		return fmt.Errorf("install tap on %s: unexpected reply %q", paneID, out)
	}
	if pipe == "1" {
		return nil
	}
	shell := TapShellCommand(amuxBin, socket, paneID)
	pipeCmd := tmux.CommandLine("pipe-pane", "-o", "-t", paneID, shell)
	if _, err := runner.Run(ctx, "if-shell", "-F", "-t", paneID, "#{?pane_pipe,,1}", pipeCmd); err != nil {
		return fmt.Errorf("install tap on %s: %w", paneID, err)
	}
	return nil
}

// TapShellCommand is the pipe-pane shell command for a tap: the binary and
// socket single-quoted for /bin/sh, and the whole escaped with
// tmux.FormatTimeLiteral because tmux runs a pipe-pane command through
// strftime and format expansion before handing it to the shell.
func TapShellCommand(amuxBin, socket, paneID string) string {
	return tmux.FormatTimeLiteral("exec " + ShellQuote(amuxBin) + " " + TapVerb + " -S " + ShellQuote(socket) + " --shared " + paneID)
}

// ShellQuote quotes s as one POSIX shell word. Single quotes take every byte
// literally; an embedded single quote is closed, escaped and reopened.
func ShellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// validPaneID accepts "%N" only, so a tap can never address anything but the
// exact pane it reads.
func validPaneID(s string) bool {
	if len(s) < 2 || s[0] != '%' {
		return false
	}
	for _, c := range s[1:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
