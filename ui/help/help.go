// Package help is the `?` key list: every action by scope, a legend of the
// state badges, filtered with `/` (what it matches: a key, a word of what
// it does, a section), scrolled with the view keys, with a footer that
// wraps instead of being cut.
package help

import (
	"strings"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/ui/badge"
	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/theme"
)

// Section is one scope's keys.
type Section struct {
	Title   string
	Entries []Entry
}

// Entry is one action: its keys as people read them, and what it does.
type Entry struct{ Keys, What string }

// Model is an open key list.
type Model struct {
	th       theme.Theme
	keys     keys.Map
	sections []Section
	footer   string
	filter   textinput.Model
	editing  bool
	query    string
	offset   int
}

// LegendTitle is the legend section's title.
const LegendTitle = "Badges"

// New opens the list over sections, the badge legend last. footer is the
// closing line (how to close, where the palette is).
func New(th theme.Theme, km keys.Map, sections []Section, footer string) Model {
	legend := Section{Title: LegendTitle}
	for _, k := range badge.All() {
		legend.Entries = append(legend.Entries, Entry{Keys: k.Glyph(), What: k.Meaning()})
	}
	legend.Entries = append(legend.Entries, Entry{Keys: badge.DirtyMark, What: badge.DirtyMeaning})
	in := textinput.New()
	in.Prompt = "/"
	in.Placeholder = "filter keys (a key, a word)"
	in.CharLimit = 64
	return Model{th: th, keys: km, sections: append(append([]Section(nil), sections...), legend), footer: footer, filter: in}
}

// Filter is the filter in force ("" for none).
func (m Model) Filter() string { return m.query }

// Update handles a key or paste. used is false for what the list does not
// use (the parent closes on those it binds): Esc with no filter, for one.
func (m Model) Update(msg tea.Msg) (_ Model, cmd tea.Cmd, used bool) {
	if m.editing {
		if k, ok := msg.(tea.KeyPressMsg); ok {
			switch k.String() {
			case "enter":
				m.editing = false
				m.filter.Blur()
				return m, nil, true
			case "esc":
				m.editing, m.query = false, ""
				m.filter.Blur()
				m.filter.SetValue("")
				return m, nil, true
			}
		}
		if msg, ok := dialog.InputMsg(msg); ok {
			m.filter, cmd = m.filter.Update(msg)
			m.query = strings.TrimSpace(m.filter.Value())
			m.offset = 0
		}
		return m, cmd, true
	}
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return m, nil, false
	}
	s, km := k.String(), m.keys
	switch {
	case km.Is(keys.ViewSearch, s):
		m.editing = true
		return m, m.filter.Focus(), true
	case s == "esc" && m.query != "":
		m.query = ""
		m.filter.SetValue("")
		return m, nil, true
	case km.Is(keys.ViewDown, s):
		m.offset++
	case km.Is(keys.ViewUp, s):
		m.offset--
	case km.Is(keys.ViewPageDown, s):
		m.offset += 10
	case km.Is(keys.ViewPageUp, s):
		m.offset -= 10
	case km.Is(keys.ViewTop, s):
		m.offset = 0
	case km.Is(keys.ViewBottom, s):
		m.offset = 1 << 30
	default:
		return m, nil, false
	}
	return m, nil, true
}

// matches reports whether an entry (or its section) fits the filter.
func matches(q, title string, e Entry) bool {
	if q == "" {
		return true
	}
	q = strings.ToLower(q)
	return strings.Contains(strings.ToLower(e.Keys), q) || strings.Contains(strings.ToLower(e.What), q) ||
		strings.Contains(strings.ToLower(title), q)
}

// lines renders the filtered list, width cells wide.
func (m Model) lines(width int) []string {
	th := m.th
	var out []string
	for _, sec := range m.sections {
		var rows []string
		for _, e := range sec.Entries {
			if !matches(m.query, sec.Title, e) {
				continue
			}
			keyCol := th.AccentStyle().Render(pad(e.Keys, 14))
			if sec.Title == LegendTitle {
				keyCol = badgeStyle(th, e.Keys).Render(pad(e.Keys, 14))
			}
			rows = append(rows, ansi.Truncate("  "+keyCol+" "+th.TextStyle().Render(e.What), width, "…"))
		}
		if len(rows) == 0 {
			continue
		}
		if len(out) > 0 {
			out = append(out, "")
		}
		out = append(out, th.TextStyle().Bold(true).Render(ansi.Truncate(sec.Title, width, "…")))
		out = append(out, rows...)
	}
	return out
}

// badgeStyle colours a legend glyph as the badge is drawn.
func badgeStyle(th theme.Theme, glyph string) lipgloss.Style {
	if glyph == badge.DirtyMark {
		return th.Style(th.Warning).Bold(true)
	}
	for _, k := range badge.All() {
		if k.Glyph() == glyph {
			return th.Style(k.Color(th)).Bold(true)
		}
	}
	return th.TextStyle()
}

// View draws the list in width×height cells: the filter row, the entries,
// then the footer wrapped onto as many rows as it needs.
func (m *Model) View(width, height int) string {
	th := m.th
	foot := wrap(m.footerText(), width)
	head := th.MutedStyle().Render(m.keys.First(keys.ViewSearch) + " filter")
	if m.editing || m.query != "" {
		head = m.filter.View()
	}
	body := m.lines(width)
	if len(body) == 0 {
		body = []string{th.MutedStyle().Render("nothing matches “" + m.query + "”")}
	}
	rows := max(height-2-len(foot), 1)
	m.offset = max(0, min(m.offset, len(body)-rows))
	end := min(len(body), m.offset+rows)
	out := []string{head, ""}
	out = append(out, body[m.offset:end]...)
	for len(out) < height-len(foot) {
		out = append(out, "")
	}
	for _, f := range foot {
		out = append(out, th.MutedStyle().Render(f))
	}
	for i := range out {
		out[i] = pad(out[i], width)
	}
	return strings.Join(out[:min(len(out), height)], "\n")
}

func (m Model) footerText() string {
	km := m.keys
	return km.First(keys.ViewUp) + "/" + km.First(keys.ViewDown) + " " + km.First(keys.ViewPageUp) + "/" +
		km.First(keys.ViewPageDown) + ": scroll · " + m.footer
}

// wrap breaks text at spaces into lines of at most width cells.
func wrap(text string, width int) []string {
	var lines []string
	cur := ""
	for _, w := range strings.Fields(text) {
		switch {
		case cur == "":
			cur = w
		case ansi.StringWidth(cur)+1+ansi.StringWidth(w) <= width:
			cur += " " + w
		default:
			lines = append(lines, cur)
			cur = w
		}
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	for i, l := range lines {
		if ansi.StringWidth(l) > width {
			lines[i] = ansi.Truncate(l, width, "…") // one word longer than the whole width
		}
	}
	return lines
}

// pad cuts or pads a styled string to exactly w cells.
func pad(s string, w int) string {
	n := lipgloss.Width(s)
	if n > w {
		return ansi.Truncate(s, w, "…")
	}
	return s + strings.Repeat(" ", w-n)
}
