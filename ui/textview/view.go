package textview

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/ui/keys"
)

// View draws the viewer at its size: the text rows, then one footer row
// (the query field while editing; else position, search state and the
// viewer's keys). Every row is exactly the viewer's width.
func (m Model) View() string {
	var b strings.Builder
	body := m.bodyRows()
	for i := range m.height {
		line := ""
		if i < len(body) {
			line = body[i]
		}
		b.WriteString(pad(line, m.width))
		b.WriteByte('\n')
	}
	b.WriteString(pad(m.footer(), m.width))
	return b.String()
}

// bodyRows renders the display rows from m.top, matches highlighted.
func (m Model) bodyRows() []string {
	th := m.th
	if len(m.lines) == 0 {
		msg := m.empty
		if m.live {
			msg = "running — waiting for output…"
		}
		return []string{th.MutedStyle().Render(msg)}
	}
	rows := make([]string, 0, m.height)
	line := m.rows.lineAt(m.top)
	seg := m.top - m.rows.start[line]
	for len(rows) < m.height && line < len(m.lines) {
		n := rowsOf(m.lines[line], m.width)
		for ; seg < n && len(rows) < m.height; seg++ {
			rows = append(rows, m.renderSegment(line, seg*m.width, (seg+1)*m.width))
		}
		line, seg = line+1, 0
	}
	return rows
}

// renderSegment draws columns [x0, x1) of a line, matches highlighted (the
// current one more strongly).
func (m Model) renderSegment(line, x0, x1 int) string {
	text := m.lines[line]
	th := m.th
	hl := th.Style(th.Blocked).Reverse(true)
	cur := th.SelectedStyle().Bold(true).Underline(true)
	var spans []span
	for i, mt := range m.search.matches {
		if mt.line != line {
			continue
		}
		rs := []rune(text)
		a := ansi.StringWidth(string(rs[:mt.from]))
		z := a + ansi.StringWidth(string(rs[mt.from:mt.to]))
		st := hl
		if i == m.search.current {
			st = cur
		}
		spans = append(spans, span{a, z, st})
	}
	var b strings.Builder
	x := x0
	for _, s := range spans {
		a, z := max(s.from, x0), min(s.to, x1)
		if a >= z || a < x {
			continue
		}
		b.WriteString(th.TextStyle().Render(ansi.Cut(text, x, a)))
		b.WriteString(s.style.Render(ansi.Cut(text, a, z)))
		x = z
	}
	if x < x1 {
		b.WriteString(th.TextStyle().Render(ansi.Cut(text, x, x1)))
	}
	return b.String()
}

type span struct {
	from, to int
	style    lipgloss.Style
}

// footer is the status row.
func (m Model) footer() string {
	th := m.th
	if m.search.editing {
		return m.search.input.View()
	}
	var parts []string
	first, last, total := m.Position()
	switch {
	case total == 0:
		parts = append(parts, "no lines")
	case first == last:
		parts = append(parts, fmt.Sprintf("line %d of %d", first, total))
	default:
		parts = append(parts, fmt.Sprintf("lines %d–%d of %d", first, last, total))
	}
	if m.live {
		if m.follow {
			parts = append(parts, "● live, following")
		} else {
			parts = append(parts, "● live ("+m.keys.First(keys.ViewBottom)+" follows)")
		}
	}
	if s := m.search; s.query != nil {
		switch {
		case len(s.matches) == 0:
			parts = append(parts, fmt.Sprintf("no match for “%s”", s.text))
		case s.current < 0:
			parts = append(parts, fmt.Sprintf("“%s”: %d matches", s.text, len(s.matches)))
		default:
			w := ""
			if s.wrapped {
				w = ", wrapped"
			}
			parts = append(parts, fmt.Sprintf("“%s”: match %d of %d%s", s.text, s.current+1, len(s.matches), w))
		}
	}
	status := th.MutedStyle().Render(strings.Join(parts, " · "))
	hints := []string{
		m.keys.First(keys.ViewSearch) + " search",
		m.keys.First(keys.ViewNext) + "/" + m.keys.First(keys.ViewPrev) + " match",
		m.keys.First(keys.ViewTop) + "/" + m.keys.First(keys.ViewBottom) + " top/bottom",
	}
	hint := th.MutedStyle().Render(strings.Join(hints, " · "))
	if lipgloss.Width(status)+2+lipgloss.Width(hint) <= m.width {
		return status + strings.Repeat(" ", m.width-lipgloss.Width(status)-lipgloss.Width(hint)) + hint
	}
	return status
}

// pad cuts or pads a styled line to exactly w cells.
func pad(line string, w int) string {
	n := lipgloss.Width(line)
	if n > w {
		return ansi.Truncate(line, w, "…")
	}
	return line + strings.Repeat(" ", w-n)
}
