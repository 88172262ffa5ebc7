// Package changes is the sidebar's Changes tab: a work tree's conflicted,
// staged, unstaged and untracked files in groups with their counts in the
// header, a / filter over paths, and the commits on the branch that are
// not on the base. It does no I/O: the app loads the data through the git
// engine (when the work tree watcher says something changed) and gives it
// to SetData; opening a diff, staging and committing come back as
// RequestMsg.
package changes

import (
	"strings"

	"charm.land/bubbles/v2/textinput"

	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/safetext"
	"amux.dev/amux/ui/theme"
)

// Group is one section of the list.
type Group int

// Groups, in the order they are shown.
const (
	Conflicted Group = iota
	Staged
	Unstaged
	Untracked
	groupCount
)

var groupNames = [groupCount]string{"Conflicts", "Staged", "Unstaged", "Untracked"}

// String names the group as the list does.
func (g Group) String() string {
	if g < 0 || g >= groupCount {
		return "?"
	}
	return groupNames[g]
}

// File is one changed path.
type File struct {
	Path     string // slash path in the work tree (the identity; drawn through safetext)
	OrigPath string // for a rename, where it came from
	Code     byte   // git's letter: M, A, D, R, C, T, U, ?
	// InMain: the path is in the project's main checkout, not the work
	// tree (a merge of the branch stopped there on it).
	InMain bool
}

// Commit is one commit on the branch.
type Commit struct {
	Hash, Short, Subject string
}

// Data is what the list shows. Counts are exact even when a list was cut.
type Data struct {
	Branch      string
	Base        string // the base branch the commits are measured against
	Files       [groupCount][]File
	Counts      [groupCount]int
	Commits     []Commit
	CommitCount int
}

// rowKind says what a row is.
type rowKind uint8

const (
	headerRow rowKind = iota
	fileRow
	commitHeaderRow
	commitRow
	noteRow
)

// row is one line of the list.
type row struct {
	kind  rowKind
	group Group
	index int    // into Files[group] or Commits
	text  string // display copy
}

// Model is the Changes tab's state.
type Model struct {
	theme theme.Theme
	keys  keys.Map

	data    Data
	shown   [groupCount][]string // display copies of the paths
	err     string               // a short, drawable load error
	loading bool

	rows   []row
	cursor int // index into rows (a selectable row)
	offset int

	filter    textinput.Model
	filtering bool
	query     string

	width, height int
}

// New returns an empty list.
func New(th theme.Theme, km keys.Map) Model {
	in := dialog.NewFilterField()
	return Model{theme: th, keys: km, filter: in, loading: true, width: 40, height: 20}
}

// SetSize sets the list's outer size.
func (m *Model) SetSize(w, h int) {
	m.width, m.height = max(w, 10), max(h, 3)
	m.scrollToCursor()
}

// SetLoading marks a refresh in flight (shown as … in the header).
func (m *Model) SetLoading(on bool) { m.loading = on }

// SetError shows a load error in place of the data (made drawable and cut
// to one line); nil clears it.
func (m *Model) SetError(err error) {
	m.loading = false
	if err == nil {
		m.err = ""
		return
	}
	m.err = safetext.Line(err.Error())
	m.rebuild()
}

// SetData replaces what is shown, keeping the cursor on the same file (by
// group and path) or commit when it is still there.
func (m *Model) SetData(d Data) {
	key := m.selectedKey()
	m.data, m.err, m.loading = d, "", false
	for g := range groupCount {
		m.shown[g] = make([]string, len(d.Files[g]))
		for i, f := range d.Files[g] {
			p := f.Path
			if f.OrigPath != "" {
				p = f.OrigPath + " → " + p
			}
			m.shown[g][i] = safetext.Line(p)
		}
	}
	m.rebuild()
	m.selectKey(key)
}

// SelectFirst puts the cursor on g's first file shown, if there is one:
// after a merge stops, on the first conflict.
func (m *Model) SelectFirst(g Group) bool {
	for i, r := range m.rows {
		if r.kind == fileRow && r.group == g {
			m.cursor = i
			m.scrollToCursor()
			return true
		}
	}
	return false
}

// Data returns what is shown.
func (m Model) Data() Data { return m.data }

// Selected returns the file under the cursor and its group.
func (m Model) Selected() (File, Group, bool) {
	if m.cursor >= len(m.rows) || m.rows[m.cursor].kind != fileRow {
		return File{}, 0, false
	}
	r := m.rows[m.cursor]
	return m.data.Files[r.group][r.index], r.group, true
}

// SelectedCommit returns the commit under the cursor.
func (m Model) SelectedCommit() (Commit, bool) {
	if m.cursor >= len(m.rows) || m.rows[m.cursor].kind != commitRow {
		return Commit{}, false
	}
	return m.data.Commits[m.rows[m.cursor].index], true
}

func (m Model) selectedKey() string {
	if m.cursor >= len(m.rows) {
		return ""
	}
	switch r := m.rows[m.cursor]; r.kind {
	case fileRow:
		return r.group.String() + "\x00" + m.data.Files[r.group][r.index].Path
	case commitRow:
		return "commit\x00" + m.data.Commits[r.index].Hash
	}
	return ""
}

func (m *Model) selectKey(key string) {
	for i := range m.rows {
		if key != "" && m.keyOf(i) == key {
			m.cursor = i
			m.scrollToCursor()
			return
		}
	}
	m.cursor = min(m.cursor, max(0, len(m.rows)-1))
	if !m.selectable(m.cursor) {
		m.move(1)
	}
	m.scrollToCursor()
}

func (m Model) keyOf(i int) string {
	r := m.rows[i]
	switch r.kind {
	case fileRow:
		return r.group.String() + "\x00" + m.data.Files[r.group][r.index].Path
	case commitRow:
		return "commit\x00" + m.data.Commits[r.index].Hash
	}
	return ""
}

func (m Model) selectable(i int) bool {
	return i < len(m.rows) && (m.rows[i].kind == fileRow || m.rows[i].kind == commitRow)
}

// rebuild lays out the rows: each non-empty group's header and its files
// (those matching the filter), then the branch's commits.
func (m *Model) rebuild() {
	m.rows = m.rows[:0]
	q := strings.ToLower(m.query)
	any := false
	for g := range groupCount {
		if m.data.Counts[g] == 0 {
			continue
		}
		any = true
		m.rows = append(m.rows, row{kind: headerRow, group: g})
		for i, p := range m.shown[g] {
			if q != "" && !strings.Contains(strings.ToLower(p), q) {
				continue
			}
			m.rows = append(m.rows, row{kind: fileRow, group: g, index: i, text: p})
		}
		if n := m.data.Counts[g] - len(m.data.Files[g]); n > 0 && q == "" {
			m.rows = append(m.rows, row{kind: noteRow, text: "… and " + itoa(n) + " more"})
		}
	}
	if !any && m.err == "" {
		m.rows = append(m.rows, row{kind: noteRow, text: "no uncommitted changes"})
	}
	if m.data.CommitCount > 0 {
		m.rows = append(m.rows, row{kind: commitHeaderRow})
		for i, c := range m.data.Commits {
			text := safetext.Line(c.Short + " " + c.Subject)
			if q != "" && !strings.Contains(strings.ToLower(text), q) {
				continue
			}
			m.rows = append(m.rows, row{kind: commitRow, index: i, text: text})
		}
	}
	m.cursor = min(m.cursor, max(0, len(m.rows)-1))
}

func safeBase(s string) string { return safetext.Line(s) }
