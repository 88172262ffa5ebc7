package app

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/ui/theme"
)

// frame draws content inside a rounded border of exactly w×h cells, with a
// title set into the top edge. Content lines are cut or padded to fit, so
// the layout never shifts whatever a component renders.
func frame(th theme.Theme, title, content string, w, h int, focused bool) string {
	return frameExact(th, title, content, w, h, focused, -1)
}

// frameExact is frame for content whose lines from index exactFrom on are
// already exactly w-2 cells wide (an embedded terminal's rows): measuring
// and cutting them again would cost a full grapheme scan of every row on
// every frame. A negative exactFrom fits every line.
func frameExact(th theme.Theme, title, content string, w, h int, focused bool, exactFrom int) string {
	if w < 4 || h < 2 {
		return ""
	}
	bc := th.Border
	if focused {
		bc = th.BorderFocus
	}
	b := lipgloss.NewStyle().Foreground(bc)
	inner := w - 2
	top := b.Render("╭" + strings.Repeat("─", inner) + "╮")
	if title != "" {
		t := ansi.Truncate(" "+title+" ", inner-1, "…")
		tstyle := th.MutedStyle()
		if focused {
			tstyle = th.AccentStyle()
		}
		top = b.Render("╭─") + tstyle.Render(t) + b.Render(strings.Repeat("─", max(0, inner-1-lipgloss.Width(t)))+"╮")
	}
	lines := strings.Split(content, "\n")
	var out strings.Builder
	out.WriteString(top)
	for i := 0; i < h-2; i++ {
		line := ""
		switch {
		case i < len(lines) && exactFrom >= 0 && i >= exactFrom:
			line = lines[i]
		case i < len(lines):
			line = fit(lines[i], inner)
		default:
			line = strings.Repeat(" ", inner)
		}
		out.WriteString("\n" + b.Render("│") + line + b.Render("│"))
	}
	out.WriteString("\n" + b.Render("╰"+strings.Repeat("─", inner)+"╯"))
	return out.String()
}

// fit cuts or pads a styled line to exactly w cells.
func fit(line string, w int) string {
	n := lipgloss.Width(line)
	if n > w {
		line = ansi.Truncate(line, w, "")
		n = lipgloss.Width(line)
	}
	return line + strings.Repeat(" ", max(0, w-n))
}

// sideBySide joins two blocks of equal height line by line.
func sideBySide(left, right string) string {
	l := strings.Split(left, "\n")
	r := strings.Split(right, "\n")
	var b strings.Builder
	for i := range max(len(l), len(r)) {
		if i > 0 {
			b.WriteByte('\n')
		}
		if i < len(l) {
			b.WriteString(l[i])
		}
		if i < len(r) {
			b.WriteString(r[i])
		}
	}
	return b.String()
}

// overlayOn draws box centred over the body of base (a w×h screen), leaving
// the bottom row — the hint and notice bar — visible.
func overlayOn(base, box string, w, h int) string {
	bw, bh := lipgloss.Width(box), lipgloss.Height(box)
	top := lipgloss.NewLayer(box).X(max(0, (w-bw)/2)).Y(max(0, (h-1-bh)/2)).Z(1)
	return lipgloss.NewCompositor(lipgloss.NewLayer(base), top).Render()
}
