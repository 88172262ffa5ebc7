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

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/keys"
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

// Model is the tree's state.
type Model struct {
	theme  theme.Theme
	keys   keys.Map
	reader Reader

	workspace string // whose tree this is; results for another are dropped
	root      string
	nodes     map[string]*node
	seq       int

	rows       []row
	cursor     int
	cursorPath string
	offset     int

	filter    textinput.Model
	filtering bool
	query     string

	width, height int
}

// New returns an empty tree reading through r (NewDirReader in production).
func New(th theme.Theme, km keys.Map, r Reader) Model {
	in := dialog.NewFilterField()
	return Model{theme: th, keys: km, reader: r, filter: in, nodes: map[string]*node{}, width: 40, height: 20}
}

// SetSize sets the tree's outer size.
func (m *Model) SetSize(w, h int) {
	m.width, m.height = max(w, 10), max(h, 3)
	m.scrollToCursor()
}

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
	m.cursor, m.cursorPath, m.offset = 0, "", 0
	m.query = ""
	m.filter.SetValue("")
	cmd := m.load("")
	m.rebuild()
	return cmd
}

// Selected returns the path under the cursor and whether it is a
// directory.
func (m Model) Selected() (path string, dir bool, ok bool) {
	if m.cursor >= len(m.rows) || m.rows[m.cursor].kind != entryRow {
		return "", false, false
	}
	p := m.rows[m.cursor].path
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
	m.rows = m.rows[:0]
	if root := m.nodes[""]; root != nil {
		var keep map[string]bool
		if m.query != "" {
			keep = m.matching()
		}
		if root.state == failed {
			m.rows = append(m.rows, row{kind: errorRow, path: ""})
		} else {
			m.walk("", 0, keep)
		}
	}
	m.placeCursor()
}

func (m *Model) walk(dir string, depth int, keep map[string]bool) {
	n := m.nodes[dir]
	for _, c := range n.children {
		if keep != nil && !keep[c] {
			continue
		}
		m.rows = append(m.rows, row{kind: entryRow, path: c, depth: depth})
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
			m.rows = append(m.rows, row{kind: errorRow, path: c, depth: depth + 1})
		case cn.read: // also while a refresh re-reads it: rows stay put
			m.walk(c, depth+1, keep)
		}
	}
	if n.truncated > 0 && keep == nil {
		m.rows = append(m.rows, row{kind: moreRow, path: dir, depth: depth})
	}
}

// matching is every loaded entry whose name holds the query, and their
// ancestors.
func (m *Model) matching() map[string]bool {
	q := strings.ToLower(m.query)
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
	for p := m.cursorPath; ; p = parent(p) {
		for i, r := range m.rows {
			if r.kind == entryRow && r.path == p {
				m.cursor = i
				m.scrollToCursor()
				return
			}
		}
		if p == "" {
			break
		}
	}
	m.cursor = min(m.cursor, max(0, len(m.rows)-1))
	if m.cursor < len(m.rows) {
		m.cursorPath = m.rows[m.cursor].path
	}
	m.scrollToCursor()
}

func (m *Model) scrollToCursor() {
	body := m.bodyHeight()
	if m.cursor < m.offset {
		m.offset = m.cursor
	}
	if m.cursor >= m.offset+body {
		m.offset = m.cursor - body + 1
	}
	m.offset = max(0, min(m.offset, len(m.rows)-body))
}

func (m Model) bodyHeight() int { return max(1, m.height-2) }

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
