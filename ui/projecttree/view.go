package projecttree

import (
	"path/filepath"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/safetext"
)

// View renders the root's name, the rows and the footer.
func (m Model) View() string {
	var b strings.Builder
	title := "Project"
	if m.root != "" {
		title += " · " + safetext.Line(filepath.Base(m.root))
	}
	if n := m.nodes[""]; n != nil && n.state == loading {
		title += " …"
	}
	if m.query != "" {
		title += " · /" + m.query
	}
	b.WriteString(m.theme.AccentStyle().Render(ansi.Truncate(title, m.width, "…")))
	body := m.bodyHeight()
	for i := m.offset; i < m.offset+body; i++ {
		b.WriteByte('\n')
		if i < len(m.rows) {
			b.WriteString(m.renderRow(i))
		}
	}
	b.WriteByte('\n')
	if m.filtering {
		b.WriteString(m.filter.View())
	} else {
		b.WriteString(m.theme.MutedStyle().Render(ansi.Truncate(m.keys.Hints(hints...), m.width, "…")))
	}
	return b.String()
}

func (m Model) renderRow(i int) string {
	r := m.rows[i]
	indent := strings.Repeat("  ", r.depth)
	n := m.nodes[r.path]
	var line string
	switch r.kind {
	case errorRow:
		text := indent + "✗ " + n.err
		if retry := m.keys.Hints(keys.Hint{ID: ActRefresh, What: "retry"}); retry != "" {
			text += " · " + retry
		}
		line = m.theme.ErrorStyle().Render(ansi.Truncate(text, m.width, "…"))
	case moreRow:
		line = m.theme.MutedStyle().Render(ansi.Truncate(indent+"… "+strconv.Itoa(n.truncated)+" more", m.width, "…"))
	default:
		line = m.entryLine(indent, n)
	}
	if i == m.cursor {
		plain := ansi.Strip(line)
		pad := max(0, m.width-ansi.StringWidth(plain))
		return m.theme.SelectedStyle().Render(plain + strings.Repeat(" ", pad))
	}
	return line
}

func (m Model) entryLine(indent string, n *node) string {
	switch {
	case n.dir:
		mark := "▸ "
		if n.expanded {
			mark = "▾ "
		}
		s := indent + mark + n.name + "/"
		if n.state == loading {
			return m.theme.TextStyle().Render(ansi.Truncate(s, m.width-2, "…")) + m.theme.MutedStyle().Render(" …")
		}
		return m.theme.TextStyle().Render(ansi.Truncate(s, m.width, "…"))
	case n.link:
		return m.theme.MutedStyle().Render(ansi.Truncate(indent+"  "+n.name+" @", m.width, "…"))
	case n.other:
		return m.theme.MutedStyle().Render(ansi.Truncate(indent+"  "+n.name+" |", m.width, "…"))
	}
	return ansi.Truncate(indent+"  "+n.name, m.width, "…")
}
