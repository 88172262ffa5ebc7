package settings

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/ui/keys"
)

// View draws the dialog's content in width×height cells (the caller
// frames it): rows under their section headers, the cursor row kept in
// sight, then the state of the save and the keys.
func (m *Model) View(width, height int) string {
	th := m.th
	var lines []string
	rowLine := map[int]int{}
	section := ""
	labelW := min(44, width/2)
	for i, r := range m.rows {
		if r.Section != section {
			section = r.Section
			if len(lines) > 0 {
				lines = append(lines, "")
			}
			lines = append(lines, th.TextStyle().Bold(true).Render(ansi.Truncate(section, width, "…")))
		}
		rowLine[i] = len(lines)
		label := pad(ansi.Truncate("  "+r.Label, labelW, "…"), labelW)
		var val string
		switch r.Kind {
		case Choice:
			val = "‹ " + r.Value + " ›"
		case Toggle:
			val = "‹ " + r.Value + " ›"
		default:
			in := m.inputs[r.ID]
			in.SetWidth(max(width-labelW-2, 4))
			val = in.View()
			if i != m.cursor && in.Value() == "" {
				val = th.MutedStyle().Render("(empty)")
			}
		}
		line := label + " " + val
		if i == m.cursor {
			line = th.SelectedStyle().Render(pad(ansi.Strip(label)+" ", labelW+1)) + val
		} else {
			line = th.TextStyle().Render(label) + " " + val
		}
		if r.ID == m.errRow && m.err != "" {
			line = th.ErrorStyle().Render("✗") + ansi.Truncate(line, width-1, "…")
		}
		lines = append(lines, ansi.Truncate(line, width, "…"))
	}
	var foot []string
	switch {
	case m.err != "":
		foot = append(foot, th.ErrorStyle().Render(ansi.Truncate(m.err, width, "…")))
	case m.note != "":
		foot = append(foot, th.Style(th.Warning).Render(ansi.Truncate(m.note, width, "…")))
	case m.pending.Any():
		foot = append(foot, th.Style(th.Warning).Render(ansi.Truncate("an earlier save failed; the values are in use: "+m.keys.First(keys.FormSubmit)+" retries it", width, "…")))
	}
	km := m.keys
	hint := km.First(keys.FormPrev) + "/" + km.First(keys.FormNext) + ": row · " + km.First(keys.FormValueBack) + "/" +
		km.First(keys.FormValueNext) + ": change · " + km.First(keys.FormAddRow) + ": add assistant · " +
		km.First(keys.FormDeleteRow) + ": remove · " + km.First(keys.FormSubmit) + ": apply and save · " + km.First(keys.FormCancel) + ": close"
	for _, l := range wrapWords(hint, width) {
		foot = append(foot, th.MutedStyle().Render(l))
	}
	rows := max(height-len(foot)-1, 1)
	cur := rowLine[m.cursor]
	if cur < m.offset {
		m.offset = max(cur-1, 0) // its header too, when there is room
	}
	if cur >= m.offset+rows {
		m.offset = cur - rows + 1
	}
	m.offset = max(0, min(m.offset, len(lines)-rows))
	end := min(len(lines), m.offset+rows)
	out := append([]string(nil), lines[m.offset:end]...)
	for len(out) < rows {
		out = append(out, "")
	}
	// More rows than fit: say where this is, so the assistants below the
	// fold are not a surprise.
	where := ""
	if len(lines) > rows {
		more := ""
		switch {
		case end < len(lines) && m.offset > 0:
			more = ", more above and below"
		case end < len(lines):
			more = ", more below"
		default:
			more = ", more above"
		}
		where = th.MutedStyle().Render(fmt.Sprintf("lines %d–%d of %d%s", m.offset+1, end, len(lines), more))
	}
	out = append(out, where)
	out = append(out, foot...)
	for i := range out {
		out[i] = pad(out[i], width)
	}
	return strings.Join(out, "\n")
}

func wrapWords(text string, width int) []string {
	var out []string
	cur := ""
	for _, w := range strings.Split(text, " · ") {
		switch {
		case cur == "":
			cur = w
		case ansi.StringWidth(cur)+3+ansi.StringWidth(w) <= width:
			cur += " · " + w
		default:
			out = append(out, cur)
			cur = w
		}
	}
	if cur != "" {
		out = append(out, cur)
	}
	return out
}

func pad(s string, w int) string {
	n := lipgloss.Width(s)
	if n > w {
		return ansi.Truncate(s, w, "…")
	}
	return s + strings.Repeat(" ", w-n)
}
