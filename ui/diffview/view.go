package diffview

import (
	"image/color"
	"slices"
	"sort"
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/rivo/uniseg"

	"amux.dev/amux/git/udiff"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/theme"
)

const reset = "\x1b[m"

// palette is the theme's colours as SGR prefixes, for the hot path.
type palette struct {
	add, del, ctx, muted, accent, mark string
}

func sgrOf(c color.Color) string {
	if c == nil {
		return ""
	}
	if _, none := c.(lipgloss.NoColor); none {
		return ""
	}
	return ansi.NewStyle().ForegroundColor(c).String()
}

func paletteOf(th theme.Theme) palette {
	return palette{add: sgrOf(th.Done), del: sgrOf(th.Error), ctx: sgrOf(th.Text), muted: sgrOf(th.Muted),
		accent: sgrOf(th.Accent), mark: ansi.NewStyle().Reverse(true).String()}
}

// View renders the title, the visible display rows and the footer.
func (m Model) View() string {
	var b strings.Builder
	pal := paletteOf(m.theme)
	b.WriteString(m.titleLine())
	body := m.bodyHeight()
	if len(m.items) == 0 {
		empty := m.empty
		if empty == "" {
			empty = "no changes"
		}
		b.WriteString("\n" + m.theme.MutedStyle().Render(ansi.Truncate(empty, m.width, "…")))
		body--
	}
	for k := 0; k < body; k++ {
		b.WriteByte('\n')
		d := m.top + k
		if m.lay == nil || d >= m.lay.total() {
			continue
		}
		row, seg := m.lay.at(d)
		b.WriteString(m.renderRow(pal, m.lay.rows[row], seg))
	}
	b.WriteByte('\n')
	b.WriteString(m.footer())
	return b.String()
}

func (m Model) titleLine() string {
	flags := []string{}
	if m.wrap {
		flags = append(flags, "wrap")
	}
	if m.Split() {
		flags = append(flags, "side by side")
	}
	t := m.title
	if m.mode != "" {
		t += " · " + m.mode
	}
	if len(flags) > 0 {
		t += " · " + strings.Join(flags, ", ")
	}
	return m.theme.AccentStyle().Render(ansi.Truncate(t, m.width, "…"))
}

func (m Model) footer() string {
	if m.searching {
		return m.search.View()
	}
	row, total := m.Position()
	parts := []string{"row " + strconv.Itoa(row) + "/" + strconv.Itoa(total)}
	if n, hs := m.HunkIndex(); hs > 0 {
		parts = append(parts, "hunk "+strconv.Itoa(n)+"/"+strconv.Itoa(hs))
	}
	if m.query != "" {
		sel, all := m.Matches()
		parts = append(parts, "“"+m.query+"” "+strconv.Itoa(sel)+"/"+strconv.Itoa(all))
	}
	left := strings.Join(parts, " · ")
	hints := m.keys.Hints(m.footerHints()...)
	line := left
	if hints != "" && ansi.StringWidth(left)+3+ansi.StringWidth(hints) <= m.width {
		line = left + strings.Repeat(" ", m.width-ansi.StringWidth(left)-ansi.StringWidth(hints)) + hints
	}
	return m.theme.MutedStyle().Render(ansi.Truncate(line, m.width, "…"))
}

// footerHints are the hints that apply to what is shown.
// In the staged diff the stage keys unstage, and the footer says so.
func (m Model) footerHints() []keys.Hint {
	out := make([]keys.Hint, 0, len(hints))
	for _, h := range hints {
		switch {
		case h.ID != ActStageHunk && h.ID != ActStageFile:
		case m.noStage:
			continue
		case m.unstage:
			h.What = "un" + h.What
		}
		out = append(out, h)
	}
	return out
}

func (m Model) renderRow(pal palette, r vrow, seg int) string {
	if r.full >= 0 {
		it := m.items[r.full]
		switch it.kind {
		case fileItem:
			if seg > 0 {
				return ""
			}
			return pal.accent + ansi.Truncate("▸ "+it.text+m.fileCounts(it.file), m.width, "…") + reset
		case hunkItem:
			if seg > 0 {
				return ""
			}
			if r.full == m.sel {
				return pal.accent + ansi.Truncate("▶ "+it.text, m.width, "…") + reset
			}
			return pal.muted + ansi.Truncate("  "+it.text, m.width, "…") + reset
		}
		return m.renderLine(pal, r.full, seg, m.lay.textW, unified)
	}
	return m.renderSide(pal, r.left, seg, left) + pal.muted + "│" + reset + m.renderSide(pal, r.right, seg, right)
}

func (m Model) fileCounts(fi int) string {
	if fi >= len(m.files) {
		return ""
	}
	a, d := m.files[fi].Counts()
	return "  +" + strconv.Itoa(a) + " -" + strconv.Itoa(d)
}

// renderSide draws one half of a side-by-side row, padded to its width.
func (m Model) renderSide(pal palette, idx, seg int, at side) string {
	w := m.lay.numW + 3 + m.lay.sideW
	if idx < 0 {
		return strings.Repeat(" ", w)
	}
	s := m.renderLine(pal, idx, seg, m.lay.sideW, at)
	if pad := w - ansi.StringWidth(s); pad > 0 {
		s += strings.Repeat(" ", pad)
	}
	return s
}

// side is where a line is drawn.
type side uint8

const (
	unified side = iota // one column, both numbers
	left                // the old side of a side-by-side row
	right               // the new side
)

// renderLine draws segment seg of a diff line: its gutter (numbers and
// sign on the first segment only) and that part of its text.
func (m Model) renderLine(pal palette, idx, seg, w int, at side) string {
	it := m.items[idx]
	if it.lk == udiff.NoNewline {
		if seg > 0 {
			return ""
		}
		return pal.muted + ansi.Truncate(strings.Repeat(" ", m.lay.gutterW)+"\\ "+it.text, m.width, "…") + reset
	}
	sign, colour := " ", pal.ctx
	switch it.lk {
	case udiff.Added:
		sign, colour = "+", pal.add
	case udiff.Deleted:
		sign, colour = "-", pal.del
	}
	var b strings.Builder
	num := func(n int) string {
		if n == 0 || seg > 0 {
			return strings.Repeat(" ", m.lay.numW)
		}
		s := strconv.Itoa(n)
		return strings.Repeat(" ", m.lay.numW-len(s)) + s
	}
	b.WriteString(pal.muted)
	switch at {
	case unified:
		b.WriteString(num(it.old) + " " + num(it.new) + " ")
	case left:
		b.WriteString(num(it.old) + " ")
	default:
		b.WriteString(num(it.new) + " ")
	}
	b.WriteString(reset)
	if seg > 0 {
		sign = " "
	}
	b.WriteString(colour + sign + " " + reset)

	segs := m.lay.segOf(idx)
	if seg >= len(segs) {
		return b.String()
	}
	from, to := segs[seg], len(it.text)
	if seg+1 < len(segs) {
		to = segs[seg+1]
	} else if !m.lay.wrap {
		to = cutAt(it.text, w)
	}
	var spans []span
	if m.spans != nil && idx < len(m.spans) {
		spans = m.spans[idx]
	}
	b.WriteString(m.paint(it.text, from, to, spans, colour, m.marksOf(idx)))
	return b.String()
}

// cutAt returns the byte offset where s exceeds w columns.
func cutAt(s string, w int) int {
	if len(s) <= w && isASCII(s) {
		return len(s)
	}
	col, off, state := 0, 0, -1
	for rest := s; rest != ""; {
		var c string
		var cw int
		c, rest, cw, state = uniseg.FirstGraphemeClusterInString(rest, state)
		if col+cw > w {
			break
		}
		col += cw
		off += len(c)
	}
	return off
}

// mark is a byte range drawn reversed (a search hit).
type mark struct{ from, to int }

// marksOf returns the search hits on item idx.
func (m Model) marksOf(idx int) []mark {
	if len(m.matches) == 0 {
		return nil
	}
	i := sort.Search(len(m.matches), func(i int) bool { return m.matches[i].item >= idx })
	var out []mark
	for ; i < len(m.matches) && m.matches[i].item == idx; i++ {
		out = append(out, mark{m.matches[i].off, m.matches[i].off + m.matches[i].n})
	}
	return out
}

// paint draws text[from:to] with syntax spans (or the line's base colour)
// and search marks.
func (m Model) paint(text string, from, to int, spans []span, base string, marks []mark) string {
	if from >= to {
		return ""
	}
	cuts := []int{from, to}
	for _, s := range spans {
		if s.end > from && s.end < to {
			cuts = append(cuts, s.end)
		}
	}
	for _, mk := range marks {
		for _, c := range []int{mk.from, mk.to} {
			if c > from && c < to {
				cuts = append(cuts, c)
			}
		}
	}
	slices.Sort(cuts)
	cuts = slices.Compact(cuts)
	var b strings.Builder
	si := 0
	for k := 0; k+1 < len(cuts); k++ {
		x, y := cuts[k], cuts[k+1]
		code := base
		for si < len(spans) && spans[si].end <= x {
			si++
		}
		if si < len(spans) && spans[si].sgr != "" {
			code = spans[si].sgr
		}
		for _, mk := range marks {
			if x >= mk.from && x < mk.to {
				code += "\x1b[7m"
			}
		}
		if code != "" {
			b.WriteString(code + text[x:y] + reset)
		} else {
			b.WriteString(text[x:y])
		}
	}
	return b.String()
}
