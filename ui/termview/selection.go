package termview

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// point is a cell of the view: column x, row y.
type point struct{ x, y int }

// selection is a mouse selection over the rows on screen. It lives in view
// coordinates and is dropped whenever what the rows show jumps (scrolling,
// resizing, typing); live output under it only changes what gets copied.
type selection struct {
	dragging bool
	active   bool // a non-empty selection is highlighted
	anchor   point
	head     point
}

// ordered returns the selection's ends in reading order.
func (s selection) ordered() (from, to point) {
	a, b := s.anchor, s.head
	if b.y < a.y || (b.y == a.y && b.x < a.x) {
		a, b = b, a
	}
	return a, b
}

// span is the columns [x0, x1) selected on row y of a width-wide view.
func (s selection) span(y, width int) (x0, x1 int, ok bool) {
	if !s.active {
		return 0, 0, false
	}
	a, b := s.ordered()
	if y < a.y || y > b.y {
		return 0, 0, false
	}
	x0, x1 = 0, width
	if y == a.y {
		x0 = a.x
	}
	if y == b.y {
		x1 = b.x + 1 // the cell under the pointer is included
	}
	return x0, min(x1, width), x0 < x1
}

// selectMouse drags out a selection with the left button and copies it to
// the outer terminal's clipboard (OSC 52) on release.
func (m Model) selectMouse(msg tea.MouseMsg, x, y int) (Model, tea.Cmd) {
	p := point{min(max(x, 0), m.width-1), min(max(y, 0), m.height-1)}
	switch msg.(type) {
	case tea.MouseClickMsg:
		if msg.Mouse().Button != tea.MouseLeft {
			return m, nil
		}
		m.sel = selection{dragging: true, anchor: p, head: p}
	case tea.MouseMotionMsg:
		if m.sel.dragging {
			m.sel.head = p
			m.sel.active = p != m.sel.anchor
		}
	case tea.MouseReleaseMsg:
		if !m.sel.dragging {
			return m, nil
		}
		m.sel.dragging, m.sel.head = false, p
		if p == m.sel.anchor {
			m.sel = selection{}
			return m, nil
		}
		m.sel.active = true
		if text := m.SelectedText(); text != "" {
			return m, tea.SetClipboard(text)
		}
	}
	return m, nil
}

// SelectedText is the selected text as plain lines, trailing blanks trimmed.
func (m Model) SelectedText() string {
	if !m.sel.active {
		return ""
	}
	rows := m.rows()
	var out []string
	for y, line := range rows {
		x0, x1, ok := m.sel.span(y, m.width)
		if !ok {
			continue
		}
		out = append(out, strings.TrimRight(ansi.Strip(ansi.Cut(line, x0, x1)), " "))
	}
	return strings.Join(out, "\n")
}

// highlight draws row y's selected cells in reverse video, without colour.
func (s selection) highlight(line string, y, width int) string {
	x0, x1, ok := s.span(y, width)
	if !ok {
		return line
	}
	mid := ansi.Strip(ansi.Cut(line, x0, x1))
	return ansi.Cut(line, 0, x0) + "\x1b[m\x1b[7m" + mid + "\x1b[m" + ansi.Cut(line, x1, width)
}
