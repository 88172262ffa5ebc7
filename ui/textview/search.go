package textview

import (
	"unicode"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/safetext"
)

// search is the viewer's `/` search: literal and case-insensitive, over the
// retained buffer only.
type search struct {
	input   textinput.Model
	editing bool
	query   []rune // the accepted query, folded; nil: no search
	text    string // the accepted query as typed, for the footer
	matches []match
	current int // index into matches; -1 before the first jump
	wrapped bool
}

// match is one occurrence: line and its rune range [from, to).
type match struct{ line, from, to int }

// fold lower-cases rune by rune, so offsets in the folded line are offsets
// in the original (strings.ToLower can change a string's length).
func fold(s string) []rune {
	rs := []rune(s)
	for i, r := range rs {
		rs[i] = unicode.ToLower(r)
	}
	return rs
}

// findIn lists the non-overlapping occurrences of q in line.
func findIn(line string, idx int, q []rune, out []match) []match {
	if len(q) == 0 {
		return out
	}
	rs := fold(line)
	for i := 0; i+len(q) <= len(rs); {
		if equalRunes(rs[i:i+len(q)], q) {
			out = append(out, match{idx, i, i + len(q)})
			i += len(q)
			continue
		}
		i++
	}
	return out
}

func equalRunes(a, b []rune) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// refind searches the whole buffer again (new text or a new query).
func (s *search) refind(lines []string) {
	s.matches = s.matches[:0]
	s.findFrom(lines, 0)
	if s.current >= len(s.matches) {
		s.current = len(s.matches) - 1
	}
}

// findFrom replaces the matches in lines[from:] (appended or grown lines).
func (s *search) findFrom(lines []string, from int) {
	if s.query == nil {
		return
	}
	k := len(s.matches)
	for k > 0 && s.matches[k-1].line >= from {
		k--
	}
	s.matches = s.matches[:k]
	for i := from; i < len(lines); i++ {
		s.matches = findIn(lines[i], i, s.query, s.matches)
	}
	if s.current >= len(s.matches) {
		s.current = len(s.matches) - 1
	}
}

// dropFront shifts matches after n lines left the front of the buffer.
func (s *search) dropFront(n int) {
	k := 0
	for k < len(s.matches) && s.matches[k].line < n {
		k++
	}
	s.matches = append(s.matches[:0], s.matches[k:]...)
	for i := range s.matches {
		s.matches[i].line -= n
	}
	s.current = max(s.current-k, -1)
	if s.current >= len(s.matches) {
		s.current = len(s.matches) - 1
	}
}

// openSearch starts editing a query.
func (m *Model) openSearch() tea.Cmd {
	m.search.editing = true
	m.search.input.SetValue(m.search.text)
	m.search.input.CursorEnd()
	return m.search.input.Focus()
}

// accept makes the typed query the search and jumps to its first match at
// or after the top of the view.
func (m *Model) accept() {
	s := &m.search
	s.editing = false
	s.input.Blur()
	q := safetext.Line(s.input.Value())
	if q == "" {
		s.query, s.text, s.matches, s.current = nil, "", nil, -1
		return
	}
	s.query, s.text, s.current = fold(q), q, -1
	s.refind(m.lines)
	topLine := m.rows.lineAt(m.top)
	for i, mt := range s.matches {
		if mt.line >= topLine {
			m.jump(i)
			return
		}
	}
	if len(s.matches) > 0 {
		s.wrapped = true
		m.jump(0)
	}
}

// step goes to the next (or previous) match, wrapping around the buffer.
func (m *Model) step(back bool) {
	s := &m.search
	if len(s.matches) == 0 {
		return
	}
	i := s.current
	s.wrapped = false
	switch {
	case i < 0:
		i = 0
	case back:
		i--
	default:
		i++
	}
	if i < 0 || i >= len(s.matches) {
		i = (i + len(s.matches)) % len(s.matches)
		s.wrapped = true
	}
	m.jump(i)
}

// jump brings match i into view, a third of the way down, and stops
// following so new output does not carry it away.
func (m *Model) jump(i int) {
	s := &m.search
	s.current = i
	mt := s.matches[i]
	col := ansi.StringWidth(string([]rune(m.lines[mt.line])[:mt.from]))
	row := m.rows.rowOf(mt.line, col)
	if row < m.top || row >= m.top+m.height {
		m.top = row - m.height/3
	}
	m.follow = false
	m.clamp()
}

// editSearch feeds a message to the query field. A paste adds its first
// line; if the paste held a newline, that newline accepts the query (the
// contract's one exception to the one-line paste rule).
func (m *Model) editSearch(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		switch msg.String() {
		case "enter":
			m.accept()
			return nil
		case "esc":
			m.search.editing = false
			m.search.input.Blur()
			return nil
		}
	case tea.PasteMsg:
		first := dialog.FirstLine(msg.Content)
		var cmd tea.Cmd
		m.search.input, cmd = m.search.input.Update(tea.PasteMsg{Content: first})
		if hasNewline(msg.Content) {
			m.accept()
		}
		return cmd
	}
	msg, ok := dialog.InputMsg(msg)
	if !ok {
		return nil
	}
	var cmd tea.Cmd
	m.search.input, cmd = m.search.input.Update(msg)
	return cmd
}

func hasNewline(s string) bool {
	for _, r := range s {
		if r == '\n' || r == '\r' {
			return true
		}
	}
	return false
}

// Searching reports whether the query field has the keys.
func (m Model) Searching() bool { return m.search.editing }

// Match is the current match (1-based) and the count; 0, n before the first
// jump.
func (m Model) Match() (current, count int) {
	return m.search.current + 1, len(m.search.matches)
}
