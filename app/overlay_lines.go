package app

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/ui/keys"
)

// linesOverlay is a titled, scrolling list of lines read off the update
// loop (the Health checks, a workspace's timeline). Its scope's actions
// close and refresh it; the shared view keys scroll it.
type linesOverlay struct {
	title   string
	scope   keys.Scope
	load    func(m *Model) tea.Cmd // reads the lines; the result is a linesMsg
	lines   []string               // display copies
	loading bool
	gen     int
	offset  int
}

// linesMsg carries a linesOverlay's lines.
type linesMsg struct {
	gen   int
	lines []string
}

func (o *linesOverlay) refresh(m *Model) tea.Cmd {
	o.gen++
	o.loading = true
	gen, load := o.gen, o.load(m)
	return func() tea.Msg {
		msg, _ := load().(linesMsg)
		msg.gen = gen
		return msg
	}
}

func (o *linesOverlay) update(m *Model, msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case linesMsg:
		if msg.gen == o.gen {
			o.lines, o.loading = msg.lines, false
		}
		return nil
	case tea.KeyPressMsg:
		if cmd, ok := m.matchDialog(msg, o.scope); ok {
			return cmd
		}
		scrollKey(m.km, &o.offset, msg.String(), 10)
	}
	return nil
}

func (o *linesOverlay) view(m *Model, w, h int) string {
	w = min(w, 110)
	inner := w - 6
	rows := max(3, h-8)
	lines := wrapLines(o.lines, inner)
	if o.loading && len(lines) == 0 {
		lines = []string{m.th.MutedStyle().Render(m.spin.View() + " reading…")}
	}
	o.offset = max(0, min(o.offset, len(lines)-rows))
	end := min(len(lines), o.offset+rows)
	var b strings.Builder
	b.WriteString(m.th.AccentStyle().Render(o.title) + "\n\n")
	for _, l := range lines[o.offset:end] {
		b.WriteString(fit(l, inner) + "\n")
	}
	footer := m.dialogHints(o.scope)
	if len(lines) > rows {
		footer = fmt.Sprintf("%s/%s: scroll (%d–%d of %d) · ", m.km.First(keys.ViewUp), m.km.First(keys.ViewDown),
			o.offset+1, end, len(lines)) + footer
	}
	b.WriteString("\n" + m.th.MutedStyle().Render(fit(footer, inner)))
	return m.th.Panel(true).Padding(1, 2).Width(w).Render(b.String())
}

// wrapLines breaks each line to width w, a continuation indented by four
// columns, so a long finding is read in full rather than cut at the edge.
// The scroll position counts display rows.
func wrapLines(lines []string, w int) []string {
	if w < 8 {
		return lines
	}
	var out []string
	for _, l := range lines {
		if ansi.StringWidth(l) <= w {
			out = append(out, l)
			continue
		}
		for i, p := range strings.Split(ansi.Wrap(l, w-4, " "), "\n") {
			if i > 0 {
				p = "    " + p
			}
			out = append(out, p)
		}
	}
	return out
}

// openLines opens a lines overlay, or refreshes the one already open in
// that scope.
func (m *Model) openLines(title string, scope keys.Scope, load func(m *Model) tea.Cmd) tea.Cmd {
	if o, ok := m.overlay.(*linesOverlay); ok && o.scope == scope {
		return o.refresh(m)
	}
	o := &linesOverlay{title: title, scope: scope, load: load}
	m.overlay = o
	return o.refresh(m)
}
