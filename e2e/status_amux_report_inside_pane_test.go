package e2e

import (
	"testing"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/status"
	"amux.dev/amux/tmux"
)

// A wrapper script in an amux pane reports with `amux report` (to its
// terminal, or through /dev/tty when stdout is redirected) and with the
// contract's one-line shell function; all of them fold into the pane options.
func TestAmuxReportInsidePane(t *testing.T) {
	env := harness.NewEnv(t)
	srv := env.Server
	created := srv.Session(t, "amux-0123456789abcdef-run", nil, "bash", "--norc", "--noprofile")
	installTap(t, srv, created.PaneID)
	amux := status.ShellQuote(harness.AmuxBinary(t))
	typeLine := func(line string) {
		t.Helper()
		srv.MustRun(t, "send-keys", "-t", created.PaneID, "-l", "--", line)
		srv.MustRun(t, "send-keys", "-t", created.PaneID, "Enter")
	}

	typeLine(amux + " report --state done --message finished > /dev/null")
	waitStatus(t, srv, created.PaneID, map[string]string{
		tmux.PaneReportedState: "done", tmux.PaneReportedMessage: "finished", tmux.PaneReportedApp: "",
	})

	typeLine(`status() { printf '\e]7501;state=%s:msg=%s\e\\' "$1" "$(printf '%s' "$2" | base64 | tr -d '\n')"; }`)
	typeLine(`status working "Refactoring the parser"`)
	waitStatus(t, srv, created.PaneID, map[string]string{
		tmux.PaneReportedState: "working", tmux.PaneReportedMessage: "Refactoring the parser",
	})

	typeLine(amux + ` report --state blocked --kind question --app my-tool --message "needs a decision"`)
	waitStatus(t, srv, created.PaneID, map[string]string{
		tmux.PaneReportedState: "blocked", tmux.PaneReportedKind: "question",
		tmux.PaneReportedApp: "my-tool", tmux.PaneReportedMessage: "needs a decision",
	})

	typeLine(amux + " report --clear --app my-tool")
	waitStatus(t, srv, created.PaneID, map[string]string{
		tmux.PaneReportedState: "working", tmux.PaneReportedApp: "", tmux.PaneReportedKind: "",
	})
}
