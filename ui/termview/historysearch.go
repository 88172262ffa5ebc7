package termview

import (
	"fmt"
	"strings"
	"unicode"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/safetext"
)

// SetKeys gives the view the keys of its history pager (the keys.View*
// and keys.HistoryLive component actions, as the app's registry binds
// them). Without it the defaults apply.
func (m *Model) SetKeys(km keys.Map) { m.keys, m.hasKeys = km, true }

// keyMap is the view's keys, the defaults until SetKeys.
func (m *Model) keyMap() keys.Map {
	if !m.hasKeys {
		m.keys, m.hasKeys = keys.MustRegistry(append(keys.ComponentActions(), keys.HistoryActions()...)...).Map(), true
	}
	return m.keys
}

// histSearch is `/` search over a scrolled-back view's captured history:
// literal, case-insensitive, n/N stepping, a pasted newline accepting the
// query (as in the output viewers).
type histSearch struct {
	editing bool
	input   []rune // the query being typed
	query   []rune // the accepted query, folded; nil: none
	text    string // the accepted query, for the status row
	matches []hmatch
	current int
	wrapped bool
}

// hmatch is one occurrence in line, as cells [from, to).
type hmatch struct{ line, from, to int }

// The status row and match marks, in plain SGR: the emulator's lines are
// SGR text too, and the renderer reads both.
const (
	sgrStatus  = "\x1b[0;7m"
	sgrMatch   = "\x1b[0;7m"
	sgrCurrent = "\x1b[0;1;4;7m"
	sgrReset   = "\x1b[m"
)

func foldRunes(s string) []rune {
	rs := []rune(s)
	for i, r := range rs {
		rs[i] = unicode.ToLower(r)
	}
	return rs
}

// find lists every occurrence of the query in plain, oldest line first.
func (s *histSearch) find(plain []string) {
	s.matches = s.matches[:0]
	q := s.query
	for li, line := range plain {
		rs := foldRunes(line)
		for i := 0; i+len(q) <= len(rs); {
			if string(rs[i:i+len(q)]) == string(q) {
				from := ansi.StringWidth(string([]rune(line)[:i]))
				to := from + ansi.StringWidth(string([]rune(line)[i:i+len(q)]))
				s.matches = append(s.matches, hmatch{li, from, to})
				i += len(q)
				continue
			}
			i++
		}
	}
}

// mark draws line idx with its matches in reverse video.
func (s *histSearch) mark(styled, plain string, idx int) string {
	if s.query == nil || len(s.matches) == 0 {
		return styled
	}
	var b strings.Builder
	x := 0
	for i, mt := range s.matches {
		if mt.line != idx || mt.from < x {
			continue
		}
		sgr := sgrMatch
		if i == s.current {
			sgr = sgrCurrent
		}
		b.WriteString(ansi.Cut(styled, x, mt.from))
		b.WriteString(sgr + ansi.Cut(plain, mt.from, mt.to) + sgrReset)
		x = mt.to
	}
	if x == 0 {
		return styled
	}
	b.WriteString(ansi.Cut(styled, x, ansi.StringWidth(plain)))
	return b.String()
}

// status is the bottom row of a scrolled-back view.
func (h *history) status(start, height int) string {
	s := &h.search
	var text string
	switch {
	case s.editing:
		text = "/" + string(s.input) + "█"
	default:
		parts := []string{fmt.Sprintf("line %d of %d", start+1, len(h.lines))}
		if s.query != nil {
			switch {
			case len(s.matches) == 0:
				parts = append(parts, "no match for “"+s.text+"”")
			default:
				w := ""
				if s.wrapped {
					w = " wrapped"
				}
				parts = append(parts, fmt.Sprintf("“%s” %d/%d%s", s.text, s.current+1, len(s.matches), w))
			}
		}
		km := h.keys
		parts = append(parts, km.First(keys.ViewSearch)+" search", km.First(keys.ViewNext)+"/"+km.First(keys.ViewPrev)+" match",
			km.First(keys.HistoryLive)+" live")
		text = strings.Join(parts, " · ")
	}
	text = " " + text
	if pad := h.width - ansi.StringWidth(text); pad > 0 {
		text += strings.Repeat(" ", pad)
	}
	return sgrStatus + ansi.Truncate(text, max(h.width, 1), "…") + sgrReset
}

// inHistory handles a key or paste while the view is scrolled back (it is
// the pager's: /, n/N, arrows and pages, esc back to live). ok is false for
// other input, and always while live: that goes to the program (and returns
// the view to live), as typing does in a terminal.
func (m *Model) inHistory(msg tea.Msg) (cmd tea.Cmd, ok bool) {
	if m.hist.scroll == 0 || m.hist.lines == nil {
		return nil, false
	}
	h := &m.hist
	s := &h.search
	if s.editing {
		switch msg := msg.(type) {
		case tea.PasteMsg:
			first, _, nl := strings.Cut(strings.ReplaceAll(msg.Content, "\r", "\n"), "\n")
			s.input = append(s.input, []rune(safetext.Line(first))...)
			if nl {
				m.acceptSearch()
			}
		case tea.KeyPressMsg:
			switch msg.String() {
			case "enter":
				m.acceptSearch()
			case "esc":
				s.editing = false
			case "backspace":
				if len(s.input) > 0 {
					s.input = s.input[:len(s.input)-1]
				}
			default:
				if t := safetext.Line(msg.Text); t != "" && msg.Mod&(tea.ModCtrl|tea.ModAlt) == 0 {
					s.input = append(s.input, []rune(t)...)
				}
			}
		}
		return nil, true
	}
	k, isKey := msg.(tea.KeyPressMsg)
	if !isKey {
		return nil, false
	}
	switch s, km := k.String(), m.keyMap(); {
	case km.Is(keys.ViewSearch, s):
		h.search.editing, h.search.input = true, []rune(h.search.text)
	case km.Is(keys.ViewNext, s):
		m.stepSearch(false)
	case km.Is(keys.ViewPrev, s):
		m.stepSearch(true)
	case km.Is(keys.ViewUp, s):
		return m.ScrollUp(1), true
	case km.Is(keys.ViewDown, s):
		m.ScrollDown(1)
	case km.Is(keys.ViewPageUp, s):
		return m.ScrollPage(true), true
	case km.Is(keys.ViewPageDown, s):
		m.ScrollPage(false)
	case km.Is(keys.ViewTop, s):
		h.scroll = h.maxScroll(m.height)
	case km.Is(keys.HistoryLive, s), km.Is(keys.ViewBottom, s):
		m.ScrollToBottom()
	default:
		return nil, false
	}
	return nil, true
}

// acceptSearch makes the typed query the search and jumps to the nearest
// match above the bottom of the view, searching back like a pager that
// starts at the end.
func (m *Model) acceptSearch() {
	h := &m.hist
	s := &h.search
	s.editing = false
	q := strings.TrimSpace(string(s.input))
	if q == "" {
		s.query, s.text, s.matches, s.current = nil, "", nil, -1
		return
	}
	s.query, s.text, s.current, s.wrapped = foldRunes(q), q, -1, false
	s.find(h.plain)
	if len(s.matches) == 0 {
		return
	}
	_, end := h.window(m.height)
	s.current = len(s.matches) - 1
	for i := len(s.matches) - 1; i >= 0; i-- {
		if s.matches[i].line < end {
			s.current = i
			break
		}
	}
	m.showMatch()
}

// stepSearch moves to the next match (N: the previous one), wrapping.
func (m *Model) stepSearch(back bool) {
	s := &m.hist.search
	if len(s.matches) == 0 {
		return
	}
	i := s.current + 1
	if back {
		i = s.current - 1
	}
	s.wrapped = i < 0 || i >= len(s.matches)
	s.current = (i + len(s.matches)) % len(s.matches)
	m.showMatch()
}

// showMatch scrolls so the current match's line is in view, centred.
func (m *Model) showMatch() {
	h := &m.hist
	line := h.search.matches[h.search.current].line
	if start, end := h.window(m.height); line >= start && line < end {
		return
	}
	end := line + max(m.height-1, 1)/2 + 1
	h.scroll = max(min(len(h.lines)-end+1, h.maxScroll(m.height)), 1)
	m.sel = selection{}
}
