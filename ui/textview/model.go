// Package textview is a scrollable, searchable view of captured text — a
// script's output, a run's output, amux's log. It keeps a bounded buffer of
// lines (the retained buffer), follows new output while it sits at the
// bottom, wraps long lines, and searches with `/`: literal, case-insensitive,
// over the retained buffer only, n/N stepping between matches, a pasted
// newline accepting the query.
//
// Text enters through SetText and Append and is made inert there
// (safetext.Line per line). The parent decides what the viewer shows and
// when it closes: Update reports whether it used a message.
package textview

import (
	"strings"

	"charm.land/bubbles/v2/textinput"

	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/safetext"
	"amux.dev/amux/ui/theme"
)

// DefaultMaxLines bounds the retained buffer.
const DefaultMaxLines = 20000

// Model is one viewer. The zero value is not usable; call New.
type Model struct {
	th       theme.Theme
	lines    []string // display-safe lines, oldest first
	partial  []byte   // the unterminated end of the last Append, raw
	maxLines int
	width    int
	height   int // rows of text (the footer is one more)

	rows   rowIndex
	top    int  // first display row shown
	follow bool // stay at the bottom as lines arrive

	live  bool   // the writer is still running
	empty string // shown when there is nothing

	search search
	keys   keys.Map
}

// New returns an empty viewer, following. Its keys are the keys.View*
// component actions, read through km (the app's registry, remapping and
// all).
func New(th theme.Theme, km keys.Map) Model {
	in := textinput.New()
	in.Prompt = "/"
	in.Placeholder = "search (literal, any case)"
	in.CharLimit = 256
	return Model{th: th, keys: km, maxLines: DefaultMaxLines, follow: true, empty: "nothing captured", search: search{input: in, current: -1}}
}

// SetMaxLines bounds the retained buffer (at least 100 lines).
func (m *Model) SetMaxLines(n int) { m.maxLines = max(n, 100); m.trim() }

// SetEmptyText is what the viewer says when it holds nothing and is not
// live ("nothing captured yet"); a live one says it is waiting.
func (m *Model) SetEmptyText(s string) { m.empty = safetext.Line(s) }

// SetLive says whether the output is still being written: the footer says
// so, and an empty live viewer waits instead of saying nothing came.
func (m *Model) SetLive(live bool) { m.live = live }

// Live reports what SetLive last set.
func (m Model) Live() bool { return m.live }

// SetSize sets the viewer's size in cells, footer row included.
func (m *Model) SetSize(width, height int) {
	width, height = max(width, 1), max(height-1, 1)
	if width != m.width {
		m.width = width
		m.rows.rebuild(m.lines, width)
	}
	m.height = height
	m.search.input.SetWidth(max(width-2, 1))
	m.clamp()
}

// SetText replaces everything shown with text (a settled transcript),
// keeping the scroll position where it still exists, and the search.
func (m *Model) SetText(text string) {
	m.lines, m.partial = nil, nil
	m.appendText([]byte(text), true)
	m.rows.rebuild(m.lines, m.width)
	m.search.refind(m.lines)
	m.clamp()
}

// Append adds output as it arrives. A line is shown as soon as it starts;
// its end may come with a later Append.
func (m *Model) Append(data []byte) {
	if len(data) == 0 {
		return
	}
	from := len(m.lines)
	if len(m.partial) > 0 {
		from-- // the last line grows
	}
	m.appendText(data, false)
	trimmed := m.trim()
	if trimmed > 0 {
		m.rows.rebuild(m.lines, m.width)
		m.search.dropFront(trimmed)
		from = max(from-trimmed, 0)
	} else {
		m.rows.extend(m.lines, from, m.width)
	}
	m.search.findFrom(m.lines, from)
	m.clamp()
}

// appendText splits data into lines. With whole, a final unterminated line
// is complete too.
func (m *Model) appendText(data []byte, whole bool) {
	if len(m.partial) > 0 {
		m.lines = m.lines[:len(m.lines)-1]
		data = append(m.partial, data...)
		m.partial = nil
	}
	text := string(data)
	parts := strings.Split(text, "\n")
	last := parts[len(parts)-1]
	parts = parts[:len(parts)-1]
	for _, p := range parts {
		m.lines = append(m.lines, safetext.Line(strings.TrimSuffix(p, "\r")))
	}
	if last != "" {
		if !whole {
			m.partial = []byte(last)
		}
		m.lines = append(m.lines, safetext.Line(last))
	}
}

// trim drops the oldest lines past maxLines (a tenth more at once, so
// a flood does not rebuild the index on every line) and returns how many.
func (m *Model) trim() int {
	if len(m.lines) <= m.maxLines {
		return 0
	}
	n := len(m.lines) - m.maxLines + m.maxLines/10
	m.lines = append(m.lines[:0:0], m.lines[n:]...)
	m.top = max(m.top-n, 0) // approximate: rows are rebuilt by the caller
	return n
}

// Lines is how many lines the retained buffer holds.
func (m Model) Lines() int { return len(m.lines) }

// Text is the retained buffer, one line per line.
func (m Model) Text() string { return strings.Join(m.lines, "\n") }

// Following reports whether the view stays at the bottom as lines arrive.
func (m Model) Following() bool { return m.follow }

// Scroll moves the view by delta display rows (negative: up). Moving up
// stops following; reaching the bottom follows again.
func (m *Model) Scroll(delta int) {
	m.top += delta
	m.follow = false
	m.clamp()
	if m.top >= m.maxTop() {
		m.follow = true
	}
}

// Top goes to the first line.
func (m *Model) Top() { m.top, m.follow = 0, false; m.clamp() }

// Bottom goes to the last line and follows new output.
func (m *Model) Bottom() { m.follow = true; m.clamp() }

func (m *Model) maxTop() int { return max(m.rows.total-m.height, 0) }

func (m *Model) clamp() {
	if m.follow {
		m.top = m.maxTop()
	}
	m.top = max(0, min(m.top, m.maxTop()))
}

// Position is the first and last line on screen (1-based) and the total:
// "lines 40–63 of 200".
func (m Model) Position() (first, last, total int) {
	if len(m.lines) == 0 {
		return 0, 0, 0
	}
	first = m.rows.lineAt(m.top) + 1
	last = m.rows.lineAt(min(m.top+m.height, m.rows.total)-1) + 1
	return first, last, len(m.lines)
}
