// Package projecttree is the sidebar's Project tab: the work tree's files,
// loaded as the contract's "Project tree loading contract" says:
//
//   - switching workspaces, expanding a directory and r/enter/l return at
//     once; each directory is read by its own command and its rows appear
//     when the read completes, a muted … marking it meanwhile;
//   - a failed read shows a short sanitized error with the retry key,
//     never an empty directory;
//   - a refresh keeps expansion and the cursor by path (a deleted
//     directory's subtree drops out);
//   - a late result for another workspace, or a superseded read of the
//     same directory, is dropped;
//   - every read is bounded (DirReader), so a wedged mount delays only
//     its own directories;
//   - / narrows the loaded tree to matching entries and their ancestors
//     without changing what is expanded; clearing it restores the view.
package projecttree

import (
	"errors"
	"io/fs"
	"path"
	"strings"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/listview"
	"amux.dev/amux/ui/safetext"
	"amux.dev/amux/ui/theme"
)

// loadState is where a directory's read stands.
type loadState uint8

const (
	unloaded loadState = iota
	loading
	loaded
	failed
)

// node is one entry of the tree, keyed by its slash path ("" is the root).
type node struct {
	name      string // display copy
	dir, link bool
	other     bool
	kind      string // what an other is, for saying why it does not open
	state     loadState
	err       string   // short, drawable
	children  []string // paths, in listing order
	truncated int
	read      bool // read successfully at least once: its children are known
	expanded  bool
	seq       int // the read in flight; older answers are dropped
}

// rowKind says what a visible row is.
type rowKind uint8

const (
	entryRow rowKind = iota
	errorRow         // a failed directory's error, under it
	moreRow          // "… N more" under a truncated directory
)

type row struct {
	kind  rowKind
	path  string
	depth int
}

// Stop: every row takes the cursor (on a failed directory's error, the
// refresh key retries it).
func (row) Stop() bool { return true }

// Model is the tree's state.
type Model struct {
	theme  theme.Theme
	keys   keys.Map
	reader Reader

	workspace string // whose tree this is; results for another are dropped
	root      string
	nodes     map[string]*node
	seq       int

	list       listview.Model[row] // the rows, the cursor, the window, the filter
	cursorPath string              // the entry under the cursor, kept across a rebuild
}

// moves are the tree's four moves.
var moves = listview.Moves{Down: ActDown, Up: ActUp, Top: ActTop, Bottom: ActBottom}

// New returns an empty tree reading through r (NewDirReader in production).
func New(th theme.Theme, km keys.Map, r Reader) Model {
	return Model{theme: th, keys: km, reader: r, nodes: map[string]*node{}, list: listview.New[row](th, moves)}
}

// SetReader makes the tree read through r from its next workspace on
// (SetWorkspace): a workspace on another machine is read another way.
func (m *Model) SetReader(r Reader) { m.reader = r }

// SetSize sets the tree's outer size.
func (m *Model) SetSize(w, h int) { m.list.SetSize(w, h) }

// Workspace returns whose tree is shown.
func (m Model) Workspace() string { return m.workspace }

// Root returns the directory shown.
func (m Model) Root() string { return m.root }

// SetWorkspace shows another work tree: the old one's rows go at once, and
// the root's read starts (the returned command). Showing the same
// workspace again keeps everything.
func (m *Model) SetWorkspace(id, root string) tea.Cmd {
	if id == m.workspace && root == m.root {
		return nil
	}
	m.workspace, m.root = id, root
	m.nodes = map[string]*node{"": {dir: true, expanded: true}}
	m.cursorPath = ""
	m.list.SetRows(nil)
	m.list.ClearFilter()
	cmd := m.load("")
	m.rebuild()
	return cmd
}

// Selected returns the path under the cursor and whether it is a
// directory.
func (m Model) Selected() (path string, dir bool, ok bool) {
	_, r, ok := m.list.Cursor()
	if !ok || r.kind != entryRow {
		return "", false, false
	}
	p := r.path
	n := m.nodes[p]
	return p, n != nil && n.dir, n != nil
}

// Expanded reports whether the directory at path is expanded.
func (m Model) Expanded(path string) bool {
	n := m.nodes[path]
	return n != nil && n.expanded
}

// rebuild computes the visible rows from the expanded, loaded directories,
// or, while a filter is set, from every loaded entry matching it plus its
// ancestors — without touching expanded.
func (m *Model) rebuild() {
	rows := m.list.Rows()[:0]
	if root := m.nodes[""]; root != nil {
		var keep map[string]bool
		if m.list.Query() != "" {
			keep = m.matching()
		}
		if root.state == failed {
			rows = append(rows, row{kind: errorRow, path: ""})
		} else {
			rows = m.walk(rows, "", 0, keep)
		}
	}
	m.list.SetRows(rows)
	m.placeCursor()
}

// walk appends dir's visible rows to rows.
func (m *Model) walk(rows []row, dir string, depth int, keep map[string]bool) []row {
	n := m.nodes[dir]
	for _, c := range n.children {
		if keep != nil && !keep[c] {
			continue
		}
		rows = append(rows, row{kind: entryRow, path: c, depth: depth})
		cn := m.nodes[c]
		if !cn.dir {
			continue
		}
		open := cn.expanded
		if keep != nil {
			open = cn.read || cn.state == failed // a lens on what was read
		}
		switch {
		case !open:
		case cn.state == failed:
			rows = append(rows, row{kind: errorRow, path: c, depth: depth + 1})
		case cn.read: // also while a refresh re-reads it: rows stay put
			rows = m.walk(rows, c, depth+1, keep)
		}
	}
	if n.truncated > 0 && keep == nil {
		rows = append(rows, row{kind: moreRow, path: dir, depth: depth})
	}
	return rows
}

// matching is every loaded entry whose name holds the query, and their
// ancestors.
func (m *Model) matching() map[string]bool {
	q := strings.ToLower(m.list.Query())
	keep := map[string]bool{}
	for p, n := range m.nodes {
		if p == "" || !strings.Contains(strings.ToLower(n.name), q) {
			continue
		}
		for a := p; a != "" && a != "."; a = parent(a) {
			keep[a] = true
		}
	}
	return keep
}

func parent(p string) string {
	d := path.Dir(p)
	if d == "." {
		return ""
	}
	return d
}

// placeCursor puts the cursor back on cursorPath, or its nearest surviving
// ancestor, or clamps it.
func (m *Model) placeCursor() {
	rows := m.list.Rows()
	for p := m.cursorPath; ; p = parent(p) {
		for i, r := range rows {
			if r.kind == entryRow && r.path == p {
				m.list.SetCursor(i)
				return
			}
		}
		if p == "" {
			break
		}
	}
	if _, r, ok := m.list.Cursor(); ok {
		m.cursorPath = r.path
	}
}

// shortError makes a read error one short, drawable line: the cause
// without the path (which the row shows already).
func shortError(err error) string {
	var pe *fs.PathError
	msg := err.Error()
	if errors.As(err, &pe) {
		msg = pe.Err.Error()
	}
	msg = safetext.Line(msg)
	if r := []rune(msg); len(r) > 60 {
		msg = string(r[:59]) + "…"
	}
	return msg
}
