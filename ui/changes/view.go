package changes

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/ui/keys"
)

// View renders the header with the counts, the rows and the footer.
func (m Model) View() string {
	var b strings.Builder
	b.WriteString(m.header())
	body := m.bodyHeight()
	if m.err != "" {
		b.WriteString("\n" + m.theme.ErrorStyle().Render(ansi.Truncate(m.err, m.width, "…")))
		body--
	}
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
		b.WriteString(m.theme.MutedStyle().Render(ansi.Truncate(m.keys.Hints(m.footerHints()...), m.width, "…")))
	}
	return b.String()
}

// footerHints are the footer's keys for the selected row: its stage key
// unstages a staged file, and the footer says so.
func (m Model) footerHints() []keys.Hint {
	out := append([]keys.Hint(nil), hints...)
	if _, g, ok := m.Selected(); ok && g == Staged {
		for i := range out {
			if out[i].ID == ActStage {
				out[i].What = "unstage"
			}
		}
	}
	return out
}

func (m Model) header() string {
	d := m.data
	var parts []string
	for g := range groupCount {
		if d.Counts[g] > 0 {
			word := strings.ToLower(g.String())
			if g == Conflicted && d.Counts[g] == 1 {
				word = "conflict" // "1 conflict", "2 conflicts"
			}
			parts = append(parts, itoa(d.Counts[g])+" "+word)
		}
	}
	h := "Changes"
	if len(parts) > 0 {
		h += " · " + strings.Join(parts, " · ")
	}
	if m.query != "" {
		h += " · /" + m.query
	}
	if m.loading {
		h += " …"
	}
	return m.theme.AccentStyle().Render(ansi.Truncate(h, m.width, "…"))
}

func (m Model) renderRow(i int) string {
	r := m.rows[i]
	var line string
	switch r.kind {
	case headerRow:
		n := m.data.Counts[r.group]
		return m.theme.AccentStyle().Render(ansi.Truncate(r.group.String()+" ("+itoa(n)+")", m.width, "…"))
	case commitHeaderRow:
		t := "Commits not on " + m.baseName() + " (" + itoa(m.data.CommitCount) + ")"
		return m.theme.AccentStyle().Render(ansi.Truncate(t, m.width, "…"))
	case noteRow:
		return m.theme.MutedStyle().Render(ansi.Truncate("  "+r.text, m.width, "…"))
	case fileRow:
		code := string(m.data.Files[r.group][r.index].Code)
		line = "  " + m.codeStyle(r.group).Render(code) + " " + r.text
	case commitRow:
		line = "  " + r.text
	}
	line = ansi.Truncate(line, m.width, "…")
	if i == m.cursor {
		pad := max(0, m.width-ansi.StringWidth(line))
		return m.theme.SelectedStyle().Render(ansi.Strip(line) + strings.Repeat(" ", pad))
	}
	return line
}

func (m Model) baseName() string {
	if m.data.Base == "" {
		return "the base"
	}
	return safeBase(m.data.Base)
}

func (m Model) codeStyle(g Group) interface{ Render(...string) string } {
	switch g {
	case Conflicted:
		return m.theme.ErrorStyle()
	case Staged:
		return m.theme.Style(m.theme.Done)
	case Untracked:
		return m.theme.MutedStyle()
	}
	return m.theme.Style(m.theme.Warning)
}
