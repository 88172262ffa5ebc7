package changes

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/ui/keys"
)

// View renders the header with the counts (and a load error under it),
// the rows and the footer.
func (m Model) View() string {
	head := m.header()
	if m.err != "" {
		head += "\n" + m.theme.ErrorStyle().Render(ansi.Truncate(m.err, m.list.Width(), "…"))
	}
	// A closure, not the method value: it stays on the stack.
	return m.list.View(head, m.keys.Hints(m.footerHints()...), func(r row) string { return m.renderRow(r) })
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
	if q := m.list.Query(); q != "" {
		h += " · /" + q
	}
	if m.loading {
		h += " …"
	}
	return m.theme.AccentStyle().Render(ansi.Truncate(h, m.list.Width(), "…"))
}

func (m Model) renderRow(r row) string {
	width := m.list.Width()
	var line string
	switch r.kind {
	case headerRow:
		n := m.data.Counts[r.group]
		return m.theme.AccentStyle().Render(ansi.Truncate(r.group.String()+" ("+itoa(n)+")", width, "…"))
	case commitHeaderRow:
		t := "Commits not on " + m.baseName() + " (" + itoa(m.data.CommitCount) + ")"
		return m.theme.AccentStyle().Render(ansi.Truncate(t, width, "…"))
	case noteRow:
		return m.theme.MutedStyle().Render(ansi.Truncate("  "+r.text, width, "…"))
	case fileRow:
		code := string(m.data.Files[r.group][r.index].Code)
		line = "  " + m.codeStyle(r.group).Render(code) + " " + r.text
	case commitRow:
		line = "  " + r.text
	}
	return ansi.Truncate(line, width, "…")
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
