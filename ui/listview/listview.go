// Package listview is the sidebar's list: rows an owner lays out (the
// Changes tab's groups of files, the Project tree's entries), a cursor
// that rests only on the rows that can be chosen, a window scrolled to
// keep it in sight, a / filter field whose query the owner applies, and
// the frame drawn around them (a header, the rows, the footer or the open
// filter). The owner keeps what its rows mean; the list keeps where the
// person is in them. It does no I/O.
package listview

import (
	"strings"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/theme"
)

// Row is one line of a list; Stop reports whether the cursor may rest on
// it (a group's header or a note may not).
type Row interface{ Stop() bool }

// Moves names a list's four moves. Each list has its own IDs, so a
// remapping can tell the Changes list's keys from the tree's.
type Moves struct{ Down, Up, Top, Bottom keys.ActionID }

// MoveRows are a list's moves as rows of its owner's table, on the keys
// every list here uses (j/k and the arrows, g/G and Home/End), their help
// naming what the list holds ("file", "entry"); why says why they cannot
// run (nothing to move to).
func MoveRows[S any](mv Moves, item string, why func(S) string) keys.Table[S] {
	return keys.Table[S]{
		{ID: mv.Down, Keys: []string{"j", "down"}, Label: "down", Help: "Next " + item, Why: why},
		{ID: mv.Up, Keys: []string{"k", "up"}, Label: "up", Help: "Previous " + item, Why: why},
		{ID: mv.Top, Keys: []string{"g", "home"}, Label: "top", Help: "First " + item, Why: why},
		{ID: mv.Bottom, Keys: []string{"G", "end"}, Label: "bottom", Help: "Last " + item, Why: why},
	}
}

// Model is a list of rows of type R.
type Model[R Row] struct {
	th    theme.Theme
	moves Moves

	rows   []R
	cursor int // index into rows
	offset int // the first row in the window

	filter    textinput.Model
	filtering bool
	query     string

	width, height int
}

// New returns an empty list whose moves are mv.
func New[R Row](th theme.Theme, mv Moves) Model[R] {
	return Model[R]{th: th, moves: mv, filter: dialog.NewFilterField(), width: 40, height: 20}
}

// SetSize sets the list's outer size: the header and the footer take a
// row each.
func (l *Model[R]) SetSize(w, h int) {
	l.width, l.height = max(w, 10), max(h, 3)
	l.scroll()
}

// Width is the list's width, for the owner's rows.
func (l Model[R]) Width() int { return l.width }

// Rows returns the rows shown. An owner lays out anew into Rows()[:0] to
// reuse the slice.
func (l Model[R]) Rows() []R { return l.rows }

// SetRows replaces the rows; the cursor stays at its index, clamped (the
// owner puts it back on its item with SetCursor).
func (l *Model[R]) SetRows(rows []R) {
	l.rows = rows
	l.cursor = min(l.cursor, max(0, len(rows)-1))
	l.scroll()
}

// Cursor returns the cursor's index and its row; ok is false when the
// list is empty.
func (l Model[R]) Cursor() (i int, r R, ok bool) {
	if l.cursor >= len(l.rows) {
		return l.cursor, r, false
	}
	return l.cursor, l.rows[l.cursor], true
}

// SetCursor puts the cursor on row i (clamped) and scrolls to it; on a row
// that is not a stop it steps on to the next stop, else back to one.
func (l *Model[R]) SetCursor(i int) {
	l.cursor = min(max(0, i), max(0, len(l.rows)-1))
	if !l.stop(l.cursor) && !l.step(1) {
		l.step(-1)
	}
	l.scroll()
}

// Move steps the cursor n stops (back for a negative n); it stays at the
// last stop there is.
func (l *Model[R]) Move(n int) {
	dir := 1
	if n < 0 {
		dir, n = -1, -n
	}
	for ; n > 0 && l.step(dir); n-- {
	}
	l.scroll()
}

// Do runs one of the list's moves; false when id is not one of them.
func (l *Model[R]) Do(id keys.ActionID) bool {
	switch id {
	case l.moves.Down:
		l.Move(1)
	case l.moves.Up:
		l.Move(-1)
	case l.moves.Top:
		l.SetCursor(0)
	case l.moves.Bottom:
		l.cursor = max(0, len(l.rows)-1)
		if !l.stop(l.cursor) {
			l.step(-1)
		}
		l.scroll()
	default:
		return false
	}
	return true
}

// HasStop reports whether any row can take the cursor: the moves' why.
func (l Model[R]) HasStop() bool {
	for i := range l.rows {
		if l.rows[i].Stop() {
			return true
		}
	}
	return false
}

func (l Model[R]) stop(i int) bool { return i >= 0 && i < len(l.rows) && l.rows[i].Stop() }

// step moves the cursor to the next stop in dir, if there is one.
func (l *Model[R]) step(dir int) bool {
	for i := l.cursor + dir; i >= 0 && i < len(l.rows); i += dir {
		if l.rows[i].Stop() {
			l.cursor = i
			return true
		}
	}
	return false
}

// scroll keeps the cursor inside the window, and the window inside the
// rows.
func (l *Model[R]) scroll() {
	body := l.body()
	if l.cursor < l.offset {
		l.offset = l.cursor
	}
	if l.cursor >= l.offset+body {
		l.offset = l.cursor - body + 1
	}
	l.offset = max(0, min(l.offset, len(l.rows)-body))
}

// body is the rows the window shows: the header and the footer take one.
func (l Model[R]) body() int { return max(1, l.height-2) }

// Query is the filter the owner lays its rows out by ("" shows all).
func (l Model[R]) Query() string { return l.query }

// Filtering reports whether the filter field has focus: every key goes to
// it then.
func (l Model[R]) Filtering() bool { return l.filtering }

// StartFilter focuses the filter field on the query as it stands.
func (l *Model[R]) StartFilter() tea.Cmd {
	l.filtering = true
	l.filter.SetValue(l.query)
	l.filter.CursorEnd()
	return l.filter.Focus()
}

// ClearFilter drops the query and closes the field (another work tree is
// shown).
func (l *Model[R]) ClearFilter() {
	l.filtering, l.query = false, ""
	l.filter.Blur()
	l.filter.SetValue("")
}

// Update takes what the list handles alone: typing into an open filter
// (enter keeps the query, esc clears it; pasted text goes through
// dialog.InputMsg as typing does) and the mouse wheel. used is false for
// anything else; requery says the query changed and the owner must lay out
// its rows again.
func (l *Model[R]) Update(msg tea.Msg) (cmd tea.Cmd, used, requery bool) {
	switch msg := msg.(type) {
	case tea.MouseWheelMsg:
		switch msg.Button {
		case tea.MouseWheelDown:
			l.Move(1)
		case tea.MouseWheelUp:
			l.Move(-1)
		}
		return nil, true, false
	case tea.KeyPressMsg:
		if !l.filtering {
			return nil, false, false
		}
		switch msg.String() {
		case "enter":
			l.filtering = false
			l.filter.Blur()
			return nil, true, false
		case "esc":
			l.filtering = false
			l.filter.Blur()
			l.filter.SetValue("")
			return nil, true, l.requery()
		}
	case tea.PasteMsg:
		if !l.filtering {
			return nil, false, false
		}
	default:
		return nil, false, false
	}
	in, ok := dialog.InputMsg(msg)
	if !ok {
		return nil, true, false
	}
	l.filter, cmd = l.filter.Update(in)
	return cmd, true, l.requery()
}

func (l *Model[R]) requery() bool {
	v := l.filter.Value()
	if v == l.query {
		return false
	}
	l.query = v
	return true
}

// View renders head (each of its lines takes a row of the window), the
// rows in the window, each drawn by draw and the cursor's across the whole
// width, and the footer: the filter field while it has focus, else foot,
// muted and cut to the width.
func (l Model[R]) View(head, foot string, draw func(R) string) string {
	var b strings.Builder
	body := l.body() - strings.Count(head, "\n")
	b.Grow(len(head) + (body+1)*(2*l.width+32)) // a styled row is about twice its width in bytes
	b.WriteString(head)
	for i := l.offset; i < l.offset+body; i++ {
		b.WriteByte('\n')
		if i >= len(l.rows) {
			continue
		}
		line := draw(l.rows[i])
		if i == l.cursor {
			plain := ansi.Strip(line)
			line = l.th.SelectedStyle().Render(plain + strings.Repeat(" ", max(0, l.width-ansi.StringWidth(plain))))
		}
		b.WriteString(line)
	}
	b.WriteByte('\n')
	if l.filtering {
		b.WriteString(l.filter.View())
	} else {
		b.WriteString(l.th.MutedStyle().Render(ansi.Truncate(foot, l.width, "…")))
	}
	return b.String()
}
