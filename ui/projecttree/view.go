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
	title := "Project"
	if m.root != "" {
		title += " · " + safetext.Line(filepath.Base(m.root))
	}
	if n := m.nodes[""]; n != nil && n.state == loading {
		title += " …"
	}
	if q := m.list.Query(); q != "" {
		title += " · /" + q
	}
	head := m.theme.AccentStyle().Render(ansi.Truncate(title, m.list.Width(), "…"))
	// A closure, not the method value: it stays on the stack.
	return m.list.View(head, m.keys.Hints(hints...), func(r row) string { return m.renderRow(r) })
}

func (m Model) renderRow(r row) string {
	width := m.list.Width()
	indent := strings.Repeat("  ", r.depth)
	n := m.nodes[r.path]
	switch r.kind {
	case errorRow:
		text := indent + "✗ " + n.err
		if retry := m.keys.Hints(keys.Hint{ID: ActRefresh, What: "retry"}); retry != "" {
			text += " · " + retry
		}
		return m.theme.ErrorStyle().Render(ansi.Truncate(text, width, "…"))
	case moreRow:
		return m.theme.MutedStyle().Render(ansi.Truncate(indent+"… "+strconv.Itoa(n.truncated)+" more", width, "…"))
	}
	return m.entryLine(indent, n)
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
			return m.theme.TextStyle().Render(ansi.Truncate(s, m.list.Width()-2, "…")) + m.theme.MutedStyle().Render(" …")
		}
		return m.theme.TextStyle().Render(ansi.Truncate(s, m.list.Width(), "…"))
	case n.link:
		return m.theme.MutedStyle().Render(ansi.Truncate(indent+"  "+n.name+" @", m.list.Width(), "…"))
	case n.other:
		return m.theme.MutedStyle().Render(ansi.Truncate(indent+"  "+n.name+" |", m.list.Width(), "…"))
	}
	return ansi.Truncate(indent+"  "+n.name, m.list.Width(), "…")
}
