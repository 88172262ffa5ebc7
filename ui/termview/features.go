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

// EscapeTime is the escape-time (ms) amux gives its tmux server: how long
// tmux waits after an Esc from a client for the rest of a key sequence.
// tmux's default of 500 made every Esc typed into an agent half a second
// late. A view writes each encoded key in one write (Alt+x is "\x1bx"), so
// tmux reads a key's bytes together and needs no wait to tell Esc from
// Alt+key. send-keys does not go through this parser at all.
const EscapeTime = "0"

// FocusEvents is amux's server's focus-events: on, so tmux asks amux's
// clients for focus reports and passes focus in and out (CSI I, CSI O) to a
// pane whose program asked for them (mode 1004). Off — what a server
// started with -f /dev/null has — a program never learns its tab lost
// focus, and Claude Code warns about it.
const FocusEvents = "on"

// EnsureServerOptions gives the server the options amux's attach clients
// need: TerminalFeatures appended to terminal-features unless already there,
// escape-time EscapeTime and focus-events FocusEvents. It changes nothing that is already so, so
// calling it before every attach is harmless. tmux reads terminal-features
// when a client attaches (clients attached earlier keep what they had);
// escape-time applies at once. The server must be running (some session
// must exist).
func EnsureServerOptions(ctx context.Context, r tmux.Runner) error {
	out, err := r.Run(ctx, tmux.Chain(
		[]string{"show-options", "-s", "terminal-features"},
		[]string{"show-options", "-s", "escape-time"},
		[]string{"show-options", "-s", "focus-events"})...)
	if err != nil {
		return err
	}
	have := map[string]bool{}
	escape, focus := "", ""
	for line := range strings.Lines(out) {
		name, v, ok := strings.Cut(strings.TrimSpace(line), " ")
		switch {
		case !ok:
		case name == "escape-time":
			escape = v
		case name == "focus-events":
			focus = v
		default:
			have[strings.Trim(v, `"'`)] = true
		}
	}
	var set [][]string
	for _, f := range TerminalFeatures() {
		if !have[f] {
			set = append(set, []string{"set-option", "-s", "-a", "terminal-features", f})
		}
	}
	if escape != EscapeTime {
		set = append(set, []string{"set-option", "-s", "escape-time", EscapeTime})
	}
	if focus != FocusEvents {
		set = append(set, []string{"set-option", "-s", "focus-events", FocusEvents})
	}
	if set == nil {
		return nil
	}
	_, err = r.Run(ctx, tmux.Chain(set...)...)
	return err
}
