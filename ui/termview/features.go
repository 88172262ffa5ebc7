package termview

import (
	"context"
	"strings"

	"amux.dev/amux/tmux"
)

// TerminalFeatures are the terminal-features entries our attach clients need:
// without RGB tmux downgrades truecolor to 256 colours, and without sync it
// never brackets its redraws, so a view could show half-drawn frames.
func TerminalFeatures() []string {
	return []string{"xterm-256color:RGB", "xterm*:sync"}
}

// EnsureTerminalFeatures appends TerminalFeatures to the server's
// terminal-features option unless they are already there, so calling it
// before every attach is harmless. tmux reads the option when a client
// attaches; clients attached earlier keep what they had. The server must be
// running (some session must exist).
func EnsureTerminalFeatures(ctx context.Context, r tmux.Runner) error {
	out, err := r.Run(ctx, "show-options", "-s", "terminal-features")
	if err != nil {
		return err
	}
	have := map[string]bool{}
	for line := range strings.Lines(out) {
		_, v, ok := strings.Cut(strings.TrimSpace(line), " ")
		if ok {
			have[strings.Trim(v, `"'`)] = true
		}
	}
	var add [][]string
	for _, f := range TerminalFeatures() {
		if !have[f] {
			add = append(add, []string{"set-option", "-s", "-a", "terminal-features", f})
		}
	}
	if add == nil {
		return nil
	}
	_, err = r.Run(ctx, tmux.Chain(add...)...)
	return err
}
