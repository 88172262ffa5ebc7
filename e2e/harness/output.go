package harness

import (
	"os"
	"path/filepath"
	"testing"

	"amux.dev/amux/status"
	"amux.dev/amux/tmux"
)

// RecordOutput starts copying every byte the terminal's program writes —
// escape sequences included, exactly as the outer terminal receives them —
// to a file, and returns a function that reads what was copied so far. The
// screen (capture-pane) shows what those bytes drew; this shows what the
// program sent, which is where a sequence that draws nothing (a link, a
// bidi control) can still be seen.
func (term *Terminal) RecordOutput(t testing.TB) func() []byte {
	t.Helper()
	file := filepath.Join(t.TempDir(), "output.raw")
	// pipe-pane's command is a format run through strftime: escape it.
	cmd := tmux.FormatTimeLiteral("exec cat >> " + status.ShellQuote(file))
	term.outer.MustRun(t, "pipe-pane", "-o", "-t", tmux.ExactPane(term.session), cmd)
	return func() []byte {
		b, _ := os.ReadFile(file)
		return b
	}
}
