package projectlist

import (
	"fmt"
	"github.com/charmbracelet/x/ansi"
	"strings"

	"charm.land/lipgloss/v2"

	"amux.dev/amux/ui/badge"
	"amux.dev/amux/ui/theme"
)

// View renders the tree in width×height cells, scrolling to keep the cursor
// visible. spinner is the current frame of the working spinner.
func (m *Model) View(th theme.Theme, width, height int, focused bool, spinner string) string {
	if height < 1 || width < 4 {
		return ""
	}
	if len(m.projects) == 0 && len(m.hosts) == 0 {
		return th.MutedStyle().Width(width).Render("No projects yet.\n\nPress a to add a git repository.")
	}
	if len(m.rows) == 0 {
		return th.MutedStyle().Width(width).Render("Nothing matches “" + m.filter + "”.")
	}
	if m.cursor < m.offset {
		m.offset = m.cursor
	}
	if m.cursor >= m.offset+height {
		m.offset = m.cursor - height + 1
	}
	m.offset = max(0, min(m.offset, len(m.rows)-height))
	end := min(len(m.rows), m.offset+height)
	lines := make([]string, 0, end-m.offset)
	for i := m.offset; i < end; i++ {
		segs := m.rowSegments(th, m.rows[i], width, spinner)
		lines = append(lines, render(th, segs, width, i == m.cursor, focused))
	}
	return strings.Join(lines, "\n")
}

// segment is a run of text in one style; a row is a few of them.
type segment struct {
	text  string
	style lipgloss.Style
}

// render draws a row's segments. The selected row is drawn whole in the
// cursor row's colours (each piece styled separately, since an inner reset
// would otherwise cut the highlight short; the state glyph keeps its shape,
// so its colour need not fight the highlight) and is padded to width.
func render(th theme.Theme, segs []segment, width int, selected, focused bool) string {
	var b strings.Builder
	used := 0
	for _, s := range segs {
		st := s.style
		if selected {
			st = th.CursorRow(focused).Bold(st.GetBold())
		}
		b.WriteString(st.Render(s.text))
		used += lipgloss.Width(s.text)
	}
	if selected && used < width {
		b.WriteString(th.CursorRow(focused).Render(strings.Repeat(" ", width-used)))
	}
	return b.String()
}

func (m Model) rowSegments(th theme.Theme, r Row, width int, spinner string) []segment {
	if r.Kind == HostRow {
		return m.hostSegments(th, r, width)
	}
	// Under a host level, a machine's rows sit one step in.
	indent := ""
	if len(m.hosts) > 0 {
		indent = "  "
		width -= 2
	}
	segs := m.treeSegments(th, r, width, spinner)
	if indent != "" {
		segs = append([]segment{{indent, th.TextStyle()}}, segs...)
	}
	return segs
}

// hostSegments draws a host row: its fold arrow, its name, and (for a
// remote host) its status line, coloured by how it stands.
func (m Model) hostSegments(th theme.Theme, r Row, width int) []segment {
	arrow := "▾"
	if m.collapsed[m.collapseKey(r)] && m.filter == "" {
		arrow = "▸"
	}
	if r.Host == 0 {
		return []segment{{arrow + " " + truncate(ThisMachine, width-2), th.AccentStyle()}}
	}
	h := m.hosts[r.Host-1]
	name := truncate(h.Name, width-4)
	segs := []segment{{arrow + " " + name, th.AccentStyle()}}
	style := th.MutedStyle()
	switch h.State {
	case HostUnreachable:
		style = th.Style(th.Warning)
	case HostRefused:
		style = th.ErrorStyle()
	}
	if room := width - 2 - lipgloss.Width(name) - 2; room > 4 {
		segs = append(segs, segment{"  " + h.fitLine(room), style})
	}
	return segs
}

// treeSegments draws a project or workspace row of one machine in width
// cells.
func (m Model) treeSegments(th theme.Theme, r Row, width int, spinner string) []segment {
	p := m.project(r)
	if r.Kind == ProjectRow {
		arrow := "▾"
		if m.collapsed[m.collapseKey(r)] && m.filter == "" {
			arrow = "▸"
		}
		segs := []segment{
			{arrow + " " + truncate(p.Name, width-6), th.AccentStyle()},
			{fmt.Sprintf(" %d", len(p.Workspaces)), th.MutedStyle()},
		}
		if p.Error != "" {
			segs = append(segs, segment{" ✗ " + p.Error, th.ErrorStyle()})
		}
		return segs
	}
	w := p.Workspaces[r.Workspace]
	glyph, gstyle := badgeGlyph(th, w, spinner)
	host, down := m.down(r.Host)
	if down {
		// The last pushed state is not the state now: say the host's
		// line instead, never idle or done.
		w.Busy, w.Badge, w.Detail = false, BadgeNone, host.Line()
		glyph, gstyle = "?", th.Style(th.Warning)
	}
	nameStyle := th.TextStyle()
	if w.Shelved {
		nameStyle = th.MutedStyle()
	}
	segs := []segment{{"  ", th.TextStyle()}, {glyph, gstyle}, {" " + truncate(w.Name, width-8), nameStyle}}
	used := 4 + lipgloss.Width(truncate(w.Name, width-8))
	if w.Dirty {
		segs = append(segs, segment{" " + badge.DirtyMark, th.Style(th.Warning)})
		used += 2
	}
	sub, subStyle := w.Branch, th.MutedStyle()
	if w.Detail != "" {
		sub = w.Detail
	}
	room := width - used - 2
	if down {
		sub, subStyle = host.fitLine(room), th.Style(th.Warning)
	}
	if room > 4 && sub != "" && sub != w.Name {
		segs = append(segs, segment{" " + truncate(sub, room), subStyle})
	}
	return segs
}

// badgeGlyph is the one-cell state marker of a workspace row.
func badgeGlyph(th theme.Theme, w Workspace, spinner string) (string, lipgloss.Style) {
	switch {
	case w.Busy:
		return spinner, th.Style(th.Working)
	case w.Badge == BadgeBlocked:
		return "◆", th.Style(th.Blocked)
	case w.Badge == BadgeError:
		return "✗", th.Style(th.Error)
	case w.Badge == BadgeWorking:
		return spinner, th.Style(th.Working)
	case w.Badge == BadgeDone:
		return "✓", th.Style(th.Done)
	case w.Shelved:
		return "⏸", th.MutedStyle()
	case w.Attached > 0:
		return "●", th.MutedStyle()
	}
	return "○", th.MutedStyle()
}

// truncate cuts s to n cells, ending in "…" when it had to cut.
func truncate(s string, n int) string { return ansi.Truncate(s, max(0, n), "…") }
