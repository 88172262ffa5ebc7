package paint

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/ui/safetext"
)

// ErrText is an error as one drawable line: errors carry git's and
// scripts' words and the paths they name.
func ErrText(err error) string { return safetext.Line(err.Error()) }

// NoticeLine makes a notice's text one drawable row: errors arrive joined
// by newlines (config warnings) or carrying what git or a script printed,
// so each line is made safe and the lines are joined with a dot.
func NoticeLine(s string) string {
	var parts []string
	for l := range strings.SplitSeq(s, "\n") {
		if l = strings.TrimSpace(safetext.Line(l)); l != "" {
			parts = append(parts, l)
		}
	}
	return strings.Join(parts, " · ")
}

// WrapLines breaks each line to width w, a continuation indented by four
// columns, so a long finding is read in full rather than cut at the edge.
// The scroll position counts display rows.
func WrapLines(lines []string, w int) []string {
	if w < 8 {
		return lines
	}
	var out []string
	for _, l := range lines {
		if ansi.StringWidth(l) <= w {
			out = append(out, l)
			continue
		}
		for i, p := range strings.Split(ansi.Wrap(l, w-4, " "), "\n") {
			if i > 0 {
				p = "    " + p
			}
			out = append(out, p)
		}
	}
	return out
}
