package app

import (
	"strings"

	"charm.land/lipgloss/v2"
	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/ui/screen"
	"amux.dev/amux/ui/theme"
)

// frame draws content inside a rounded border of exactly w×h cells, with a
// title set into the top edge. Content lines are cut or padded to fit, so
// the layout never shifts whatever a component renders.
func frame(th theme.Theme, title, content string, w, h int, focused bool) string {
	if w < 4 || h < 2 {
		return ""
	}
	top, side, bottom := frameEdges(th, title, w, focused)
	lines := strings.Split(content, "\n")
	var out strings.Builder
	out.WriteString(top)
	for i := 0; i < h-2; i++ {
		line := strings.Repeat(" ", w-2)
		if i < len(lines) {
			line = fit(lines[i], w-2)
		}
		out.WriteString("\n" + side + line + side)
	}
	out.WriteString("\n" + bottom)
	return out.String()
}

// drawFrame draws only the border of a frame (see frame) on the canvas,
// leaving the inside as it is: whatever is drawn there is drawn on its own.
func drawFrame(c *screen.Canvas, th theme.Theme, title string, r uv.Rectangle, focused bool) {
	w, h := r.Dx(), r.Dy()
	if w < 4 || h < 2 {
		return
	}
	top, side, bottom := frameEdges(th, title, w, focused)
	c.DrawString(uv.Rect(r.Min.X, r.Min.Y, w, 1), top)
	for y := r.Min.Y + 1; y < r.Max.Y-1; y++ {
		c.DrawString(uv.Rect(r.Min.X, y, 1, 1), side)
		c.DrawString(uv.Rect(r.Max.X-1, y, 1, 1), side)
	}
	c.DrawString(uv.Rect(r.Min.X, r.Max.Y-1, w, 1), bottom)
}

// frameEdges are a w-wide frame's top edge (with the title), one side bar,
// and its bottom edge, styled.
func frameEdges(th theme.Theme, title string, w int, focused bool) (top, side, bottom string) {
	bc := th.Border
	if focused {
		bc = th.BorderFocus
	}
	b := lipgloss.NewStyle().Foreground(bc)
	inner := w - 2
	top = b.Render("╭" + strings.Repeat("─", inner) + "╮")
	if title != "" {
		t := ansi.Truncate(" "+title+" ", inner-1, "…")
		tstyle := th.MutedStyle()
		if focused {
			tstyle = th.AccentStyle()
		}
		top = b.Render("╭─") + tstyle.Render(t) + b.Render(strings.Repeat("─", max(0, inner-1-lipgloss.Width(t)))+"╮")
	}
	return top, b.Render("│"), b.Render("╰" + strings.Repeat("─", inner) + "╯")
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
