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

	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/listview"
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

// Stop: the cursor rests on files and commits only.
func (r row) Stop() bool { return r.kind == fileRow || r.kind == commitRow }

// Model is the Changes tab's state.
type Model struct {
	theme theme.Theme
	keys  keys.Map

	data    Data
	shown   [groupCount][]string // display copies of the paths
	err     string               // a short, drawable load error
	loading bool

	list listview.Model[row] // the rows, the cursor, the window, the filter
}

// moves are the list's four moves.
var moves = listview.Moves{Down: ActDown, Up: ActUp, Top: ActTop, Bottom: ActBottom}

// New returns an empty list.
func New(th theme.Theme, km keys.Map) Model {
	return Model{theme: th, keys: km, loading: true, list: listview.New[row](th, moves)}
}

// SetSize sets the list's outer size.
func (m *Model) SetSize(w, h int) { m.list.SetSize(w, h) }

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
	for i, r := range m.list.Rows() {
		if r.kind == fileRow && r.group == g {
			m.list.SetCursor(i)
			return true
		}
	}
	return false
}

// Data returns what is shown.
func (m Model) Data() Data { return m.data }

// Selected returns the file under the cursor and its group.
func (m Model) Selected() (File, Group, bool) {
	_, r, ok := m.list.Cursor()
	if !ok || r.kind != fileRow {
		return File{}, 0, false
	}
	return m.data.Files[r.group][r.index], r.group, true
}

// SelectedCommit returns the commit under the cursor.
func (m Model) SelectedCommit() (Commit, bool) {
	_, r, ok := m.list.Cursor()
	if !ok || r.kind != commitRow {
		return Commit{}, false
	}
	return m.data.Commits[r.index], true
}

// selectedKey names the item under the cursor, to find it again after the
// rows are laid out anew.
func (m Model) selectedKey() string {
	_, r, ok := m.list.Cursor()
	if !ok {
		return ""
	}
	return m.keyOf(r)
}

// selectKey puts the cursor back on the item key names, or, gone, on the
// nearest stop at the cursor's index.
func (m *Model) selectKey(key string) {
	if key != "" {
		for i, r := range m.list.Rows() {
			if m.keyOf(r) == key {
				m.list.SetCursor(i)
				return
			}
		}
	}
	i, _, _ := m.list.Cursor()
	m.list.SetCursor(i)
}

func (m Model) keyOf(r row) string {
	switch r.kind {
	case fileRow:
		return r.group.String() + "\x00" + m.data.Files[r.group][r.index].Path
	case commitRow:
		return "commit\x00" + m.data.Commits[r.index].Hash
	}
	return ""
}

// rebuild lays out the rows: each non-empty group's header and its files
// (those matching the filter), then the branch's commits.
func (m *Model) rebuild() {
	rows := m.list.Rows()[:0]
	q := strings.ToLower(m.list.Query())
	any := false
	for g := range groupCount {
		if m.data.Counts[g] == 0 {
			continue
		}
		any = true
		rows = append(rows, row{kind: headerRow, group: g})
		for i, p := range m.shown[g] {
			if q != "" && !strings.Contains(strings.ToLower(p), q) {
				continue
			}
			rows = append(rows, row{kind: fileRow, group: g, index: i, text: p})
		}
		if n := m.data.Counts[g] - len(m.data.Files[g]); n > 0 && q == "" {
			rows = append(rows, row{kind: noteRow, text: "… and " + itoa(n) + " more"})
		}
	}
	if !any && m.err == "" {
		rows = append(rows, row{kind: noteRow, text: "no uncommitted changes"})
	}
	if m.data.CommitCount > 0 {
		rows = append(rows, row{kind: commitHeaderRow})
		for i, c := range m.data.Commits {
			text := safetext.Line(c.Short + " " + c.Subject)
			if q != "" && !strings.Contains(strings.ToLower(text), q) {
				continue
			}
			rows = append(rows, row{kind: commitRow, index: i, text: text})
		}
	}
	m.list.SetRows(rows)
}

func safeBase(s string) string { return safetext.Line(s) }
