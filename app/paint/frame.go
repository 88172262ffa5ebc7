// Package paint holds the drawing helpers the root and the dialogs share:
// frames and their edges, a styled line fitted to a width, wrapped lines,
// counted words, and outside text (errors, notices) made one drawable row.
// It knows nothing of the model: it draws what it is given.
package paint

import (
	"strings"

	"charm.land/lipgloss/v2"
	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/ui/screen"
	"amux.dev/amux/ui/theme"
)

// Frames are drawn open at the bottom: the body's last row holds every
// panel's bottom edge and the notice set into it (the root's noticeRow), so a notice
// never covers a hint or a panel's content. The focused panel's frame is
// heavy and its title bold in the accent colour: focus shows without colour
// too.

// frameGlyphs are a frame's corners and lines, light or heavy.
type frameGlyphs struct{ tl, tr, bl, br, h, v string }

var (
	lightFrame = frameGlyphs{"╭", "╮", "╰", "╯", "─", "│"}
	heavyFrame = frameGlyphs{"┏", "┓", "┗", "┛", "━", "┃"}
)

func glyphs(focused bool) frameGlyphs {
	if focused {
		return heavyFrame
	}
	return lightFrame
}

// BorderStyle is a frame's line style: the accent colour when focused.
func BorderStyle(th theme.Theme, focused bool) lipgloss.Style {
	if focused {
		return lipgloss.NewStyle().Foreground(th.BorderFocus)
	}
	return lipgloss.NewStyle().Foreground(th.Border)
}

// Frame draws content inside a border of exactly w cells by h-1 rows (the
// bottom edge is the notice row's), with a title set into the top edge.
// Content lines are cut or padded to fit, so the layout never shifts
// whatever a component renders.
func Frame(th theme.Theme, title, content string, w, h int, focused bool) string {
	if w < 4 || h < 2 {
		return ""
	}
	top, side := FrameEdges(th, title, w, focused)
	lines := strings.Split(content, "\n")
	var out strings.Builder
	out.WriteString(top)
	for i := 0; i < h-2; i++ {
		line := strings.Repeat(" ", w-2)
		if i < len(lines) {
			line = Fit(lines[i], w-2)
		}
		out.WriteString("\n" + side + line + side)
	}
	return out.String()
}

// DrawFrame draws only the top and sides of a frame r (see frame) on the
// canvas, leaving the inside as it is: whatever is drawn there is drawn on
// its own. r's last row is the notice row's.
func DrawFrame(c *screen.Canvas, th theme.Theme, title string, r uv.Rectangle, focused bool) {
	w, h := r.Dx(), r.Dy()
	if w < 4 || h < 2 {
		return
	}
	top, side := FrameEdges(th, title, w, focused)
	c.DrawString(uv.Rect(r.Min.X, r.Min.Y, w, 1), top)
	for y := r.Min.Y + 1; y < r.Max.Y-1; y++ {
		c.DrawString(uv.Rect(r.Min.X, y, 1, 1), side)
		c.DrawString(uv.Rect(r.Max.X-1, y, 1, 1), side)
	}
}

// FrameEdges are a w-wide frame's top edge (with the title) and one side
// bar, styled.
func FrameEdges(th theme.Theme, title string, w int, focused bool) (top, side string) {
	g, b := glyphs(focused), BorderStyle(th, focused)
	inner := w - 2
	top = b.Render(g.tl + strings.Repeat(g.h, inner) + g.tr)
	if title != "" {
		t := ansi.Truncate(" "+title+" ", inner-1, "…")
		tstyle := th.MutedStyle()
		if focused {
			tstyle = th.AccentStyle()
		}
		top = b.Render(g.tl+g.h) + tstyle.Render(t) + b.Render(strings.Repeat(g.h, max(0, inner-1-lipgloss.Width(t)))+g.tr)
	}
	return top, b.Render(g.v)
}

// BottomEdge is a w-wide frame's bottom edge, styled.
func BottomEdge(th theme.Theme, w int, focused bool) string {
	if w < 2 {
		return ""
	}
	g := glyphs(focused)
	return BorderStyle(th, focused).Render(g.bl + strings.Repeat(g.h, w-2) + g.br)
}

// Rule is a w-wide horizontal line in a frame's style: the one edge under a
// zoomed tab, which has no corners.
func Rule(th theme.Theme, w int, focused bool) string {
	return BorderStyle(th, focused).Render(strings.Repeat(glyphs(focused).h, max(0, w)))
}

// Fit cuts or pads a styled line to exactly w cells.
func Fit(line string, w int) string {
	n := lipgloss.Width(line)
	if n > w {
		line = ansi.Truncate(line, w, "")
		n = lipgloss.Width(line)
	}
	return line + strings.Repeat(" ", max(0, w-n))
}
