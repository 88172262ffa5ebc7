package tmux

import "strings"

// FormatLiteral escapes s for an argument tmux expands as a format, so the
// argument arrives as s itself: every "#" becomes "##", which tmux turns
// back into one "#". Without it a "#(cmd)" inside s runs cmd through the
// server's shell and a "#{…}" is replaced by a value — a repository
// directory named "x#(cmd)" passed as a start directory ran cmd.
//
// Where tmux 3.3a expands formats (measured, see TestWhereTmuxExpandsFormats):
// the -c start directory of new-session, respawn-pane, new-window and
// split-window; new-session's -s name; if-shell -F's condition; every -F
// format; and, after strftime (use FormatTimeLiteral there), pipe-pane's
// command and display-message's message.
//
// Where it does not (and escaping would make the value arrive with "##"):
// set-option values without -F, and their reads — "#{@opt}",
// "#{s/…/…/:@opt}" and the S:/W:/P: loops return the stored value without
// expanding it again (only the E: modifier would); -t targets;
// new-session -e; the pane command argv after "--"; send-keys -l;
// set-buffer; the command bodies of if-shell (they are parsed, and each
// command then expands what it expands).
func FormatLiteral(s string) string {
	return strings.ReplaceAll(s, "#", "##")
}

// FormatTimeLiteral is FormatLiteral for the arguments tmux runs through
// strftime before it expands formats — pipe-pane's shell command and
// display-message's message — so "%" is doubled too: an amux binary under
// ".../50%s/" must not become a path with the time in it. Elsewhere "%%"
// would arrive doubled: -c and -s see no strftime.
func FormatTimeLiteral(s string) string {
	return FormatLiteral(strings.ReplaceAll(s, "%", "%%"))
}
