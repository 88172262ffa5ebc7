package projecttree

import (
	"context"
	"path"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/safetext"
)

// The tree's actions; the app puts them in its registry (DefaultActions)
// and hands the tree the registry's keys.Map.
const (
	ActDown     keys.ActionID = "tree.down"
	ActUp       keys.ActionID = "tree.up"
	ActTop      keys.ActionID = "tree.top"
	ActBottom   keys.ActionID = "tree.bottom"
	ActOpen     keys.ActionID = "tree.open"
	ActCollapse keys.ActionID = "tree.collapse"
	ActRefresh  keys.ActionID = "tree.refresh"
	ActFilter   keys.ActionID = "tree.filter"
	ActEditor   keys.ActionID = "tree.editor"
)

// DefaultActions are the tree's actions with their default keys.
func DefaultActions(scope keys.Scope) []keys.Action {
	a := func(id keys.ActionID, ks []string, label, help string, hint, palette bool) keys.Action {
		return keys.Action{ID: id, Scope: scope, Keys: ks, Label: label, Help: help, Hint: hint, Palette: palette}
	}
	return append(keys.ListMoves(scope, ActDown, ActUp, ActTop, ActBottom, "entry"),
		a(ActOpen, []string{"enter", "l", "right"}, "open", "Expand a directory; open a file read-only in the viewer", true, true),
		a(ActCollapse, []string{"h", "left"}, "collapse", "Collapse the directory (or go to its parent)", false, false),
		a(ActRefresh, []string{"r"}, "retry", "Reload the tree (retry a directory that failed)", true, true),
		a(ActFilter, []string{"/"}, "filter", "Filter the loaded tree by name", true, true),
		a(ActEditor, []string{"e"}, "editor", "Open the file in $EDITOR in a new terminal tab", true, true),
	)
}

var actionIDs = []keys.ActionID{ActDown, ActUp, ActTop, ActBottom, ActOpen, ActCollapse, ActRefresh, ActFilter, ActEditor}

var hints = []keys.Hint{{ID: ActOpen, What: "open"}, {ID: ActRefresh, What: "refresh"}, {ID: ActFilter, What: "filter"},
	{ID: ActEditor, What: "editor"}}

// Op is something the tree asks the app to do.
type Op int

// Requests.
const (
	OpView    Op = iota // show Path read-only in the viewer
	OpEditor            // open Path in $EDITOR
	OpExplain           // say why Path does not open (Why)
)

// RequestMsg carries a request to the app; Path is relative to Root.
type RequestMsg struct {
	Op        Op
	Workspace string
	Root      string
	Path      string
	Why       string // for OpExplain: "is a symbolic link: …"
}

// LoadedMsg is one directory's read (the app routes it back to the tree).
type LoadedMsg struct {
	workspace, root, dir string
	seq                  int
	listing              Listing
	err                  error
}

// load marks dir loading and returns the command that reads it.
func (m *Model) load(dir string) tea.Cmd {
	n := m.nodes[dir]
	if n == nil {
		return nil
	}
	m.seq++
	n.seq, n.state = m.seq, loading
	ws, root, seq, r := m.workspace, m.root, m.seq, m.reader
	return func() tea.Msg {
		l, err := r.ReadDir(context.Background(), root, dir)
		return LoadedMsg{workspace: ws, root: root, dir: dir, seq: seq, listing: l, err: err}
	}
}

// Update handles directory reads, keys (through the scope map) and typing
// in the filter.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case LoadedMsg:
		return m, m.apply(msg)
	case tea.KeyPressMsg:
		if m.filtering {
			return m.filterKey(msg)
		}
		if id, ok := m.keys.Find(msg.String(), actionIDs...); ok {
			return m.Do(id)
		}
	case tea.MouseWheelMsg:
		if msg.Button == tea.MouseWheelDown {
			m.move(1)
		} else if msg.Button == tea.MouseWheelUp {
			m.move(-1)
		}
	}
	return m, nil
}

// apply takes a read's result, unless it is for another workspace or a
// newer read of the same directory is under way. Expanded directories
// below a re-read one are re-read too when they are still there.
func (m *Model) apply(msg LoadedMsg) tea.Cmd {
	if msg.workspace != m.workspace || msg.root != m.root {
		return nil
	}
	n := m.nodes[msg.dir]
	if n == nil || n.seq != msg.seq {
		return nil
	}
	defer m.rebuild()
	if msg.err != nil {
		n.state, n.err = failed, shortError(msg.err)
		return nil
	}
	n.state, n.err, n.truncated, n.read = loaded, "", msg.listing.Truncated, true
	var kids []string
	var cmds []tea.Cmd
	seen := map[string]bool{}
	for _, e := range msg.listing.Entries {
		p := path.Join(msg.dir, e.Name)
		seen[p] = true
		kids = append(kids, p)
		old := m.nodes[p]
		if old != nil && old.dir == e.Dir {
			old.link, old.other, old.kind = e.Link, e.Other, e.Kind
			if old.dir && old.expanded && old.read && old.state != loading {
				cmds = append(cmds, m.load(p)) // keep what was open, fresh
			}
			continue
		}
		m.drop(p)
		m.nodes[p] = &node{name: safetext.Line(e.Name), dir: e.Dir, link: e.Link, other: e.Other, kind: e.Kind}
	}
	for _, c := range n.children {
		if !seen[c] {
			m.drop(c) // deleted: its subtree drops out
		}
	}
	n.children = kids
	return tea.Batch(cmds...)
}

// drop forgets p and everything below it.
func (m *Model) drop(p string) {
	n := m.nodes[p]
	if n == nil {
		return
	}
	for _, c := range n.children {
		m.drop(c)
	}
	delete(m.nodes, p)
}

// Do runs one of the tree's actions.
func (m Model) Do(id keys.ActionID) (Model, tea.Cmd) {
	switch id {
	case ActDown:
		m.move(1)
	case ActUp:
		m.move(-1)
	case ActTop:
		m.cursor = 0
		m.remember()
	case ActBottom:
		m.cursor = max(0, len(m.rows)-1)
		m.remember()
	case ActOpen:
		return m, m.open()
	case ActCollapse:
		m.collapse()
	case ActRefresh:
		return m, m.refresh()
	case ActEditor:
		if p, dir, ok := m.Selected(); ok && !dir {
			return m, m.request(OpEditor, p)
		}
	case ActFilter:
		m.filtering = true
		m.filter.SetValue(m.query)
		m.filter.CursorEnd()
		return m, m.filter.Focus()
	}
	m.scrollToCursor()
	return m, nil
}

// explain asks the app to say why p does not open.
func (m Model) explain(p, why string) tea.Cmd {
	r := RequestMsg{Op: OpExplain, Workspace: m.workspace, Root: m.root, Path: p, Why: why}
	return func() tea.Msg { return r }
}

func (m Model) request(op Op, p string) tea.Cmd {
	r := RequestMsg{Op: op, Workspace: m.workspace, Root: m.root, Path: p}
	return func() tea.Msg { return r }
}

// open expands or collapses a directory (reading it the first time) or
// asks for a file to be shown.
func (m *Model) open() tea.Cmd {
	p, dir, ok := m.Selected()
	if !ok {
		return nil
	}
	n := m.nodes[p]
	if !dir {
		// Never followed, never opened (a link may lead to /dev/tty, a FIFO
		// would block the read): say why nothing opens.
		switch {
		case n.link:
			return m.explain(p, "is a symbolic link: the Project tree shows links but never follows them")
		case n.other:
			kind := n.kind
			if kind == "" {
				kind = "a special file"
			}
			return m.explain(p, "is "+kind+", not a regular file: there is nothing to show")
		}
		return m.request(OpView, p)
	}
	n.expanded = !n.expanded
	var cmd tea.Cmd
	if n.expanded && (n.state == unloaded || n.state == failed) {
		cmd = m.load(p)
	}
	m.rebuild()
	return cmd
}

func (m *Model) collapse() {
	p, dir, ok := m.Selected()
	if !ok {
		return
	}
	if dir && m.nodes[p].expanded {
		m.nodes[p].expanded = false
	} else if par := parent(p); par != "" {
		m.cursorPath = par
	}
	m.rebuild()
}

// refresh re-reads the root (and, as answers arrive, every directory that
// was open). On a failed directory's row it retries that directory only.
func (m *Model) refresh() tea.Cmd {
	if m.cursor < len(m.rows) {
		r := m.rows[m.cursor]
		if n := m.nodes[r.path]; n != nil && n.state == failed && (r.kind == errorRow || n.dir) {
			cmd := m.load(r.path)
			m.rebuild()
			return cmd
		}
	}
	if m.nodes[""] == nil {
		return nil
	}
	cmd := m.load("")
	m.rebuild()
	return cmd
}

func (m *Model) move(n int) {
	m.cursor = min(max(0, m.cursor+n), max(0, len(m.rows)-1))
	m.remember()
}

// remember records the path under the cursor (an error or "more" row
// stands for its directory).
func (m *Model) remember() {
	if m.cursor < len(m.rows) {
		m.cursorPath = m.rows[m.cursor].path
	}
	m.scrollToCursor()
}

func (m Model) filterKey(k tea.KeyPressMsg) (Model, tea.Cmd) {
	switch k.String() {
	case "enter":
		m.filtering = false
		m.filter.Blur()
		return m, nil
	case "esc":
		m.filtering = false
		m.filter.Blur()
		m.filter.SetValue("")
	}
	var cmd tea.Cmd
	if m.filtering {
		if msg, ok := dialog.InputMsg(k); ok {
			m.filter, cmd = m.filter.Update(msg)
		}
	}
	if v := m.filter.Value(); v != m.query {
		m.query = v
		m.rebuild()
	}
	return m, cmd
}

// Filtering reports whether the filter field has focus.
func (m Model) Filtering() bool { return m.filtering }

// Loading reports whether any read is in flight.
func (m Model) Loading() bool {
	for _, n := range m.nodes {
		if n.state == loading {
			return true
		}
	}
	return false
}
