package termview

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// rows returns the lines on screen before fitting and highlighting: history
// while scrolled back, else the terminal's screen as it is.
func (m Model) rows() []string {
	if m.hist.scroll > 0 && m.hist.lines != nil {
		return m.hist.rows(m.height)
	}
	return m.term.lines(false)
}

// View renders the terminal at the model's size as text: every row exactly
// width cells wide, height rows, styles (truecolor included) as the program
// drew them, the selection in reverse video. The screen does not use it
// (Draw copies cells); it is for a picture kept as text, such as the stale
// screen of a detached tab.
func (m Model) View() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	rows := m.rows()
	var b strings.Builder
	b.Grow(m.height * (m.width + 8))
	blank := strings.Repeat(" ", m.width)
	for y := range m.height {
		if y > 0 {
			b.WriteByte('\n')
		}
		if y >= len(rows) {
			b.WriteString(blank)
			continue
		}
		b.WriteString(m.sel.highlight(fit(rows[y], m.width), y, m.width))
	}
	return b.String()
}

// fit cuts or pads a styled line to exactly width cells. Frames already have
// the view's width except right after a resize, before the next frame.
func fit(line string, width int) string {
	w := ansi.StringWidth(line)
	switch {
	case w == width:
		return line
	case w > width:
		return ansi.Truncate(line, width, "") + "\x1b[m"
	default:
		return line + "\x1b[m" + strings.Repeat(" ", width-w)
	}
}

// Cursor is where the real cursor goes, relative to the view's top-left
// cell (the parent adds the view's position), or nil when it should be
// hidden: unfocused, scrolled back, or hidden by the program.
func (m Model) Cursor() *tea.Cursor {
	if !m.focused || m.hist.scroll > 0 || m.frame == nil || m.closed {
		return nil
	}
	c := m.frame.Cursor
	if !c.Visible || c.X < 0 || c.Y < 0 || c.X >= m.width || c.Y >= m.height {
		return nil
	}
	cur := tea.NewCursor(c.X, c.Y)
	cur.Shape, cur.Blink = c.Shape, c.Blink
	return cur
}
