package projecttree

import (
	"context"
	"path"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/listview"
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

// actions is every action of the tree, declared once: the keys it
// matches, its footer and the app's rows are all read from here.
var actions = append(listview.MoveRows(moves, "entry", Model.whyEmpty), keys.Table[Model]{
	{ID: ActOpen, Keys: []string{"enter", "l", "right"}, Label: "open", Help: "Expand a directory; open a file read-only in the viewer",
		Hint: true, Palette: true, Why: Model.whyNoEntry},
	{ID: ActCollapse, Keys: []string{"h", "left"}, Label: "collapse", Help: "Collapse the directory (or go to its parent)",
		Why: Model.whyNoCollapse},
	{ID: ActRefresh, Keys: []string{"r"}, Label: "refresh", Help: "Reload the tree (retry a directory that failed)",
		Hint: true, Palette: true, Why: Model.whyNoWorkspace},
	{ID: ActFilter, Keys: []string{"/"}, Label: "filter", Help: "Filter the loaded tree by name",
		Hint: true, Palette: true, Why: Model.whyNothingToFilter},
	{ID: ActEditor, Keys: []string{"e"}, Label: "editor", Help: "Open the file in $EDITOR in a new terminal tab",
		Hint: true, Palette: true, Why: Model.whyNoFile},
}...)

// hints are the footer's actions.
var hints = actions.Hints()

// DefaultActions are the tree's actions with their default keys.
func DefaultActions(scope keys.Scope) []keys.Action { return actions.Actions(scope) }

// Table is the tree's action table, for tests over every row.
func Table() keys.Table[Model] { return actions }

// Why says why the tree's action id cannot run now ("" when it can), as
// the tree itself would: the app's palette, help and key path ask it.
func (m Model) Why(id keys.ActionID) string {
	why, _ := actions.Why(m, id)
	return why
}

func (m Model) whyNoWorkspace() string {
	if m.nodes[""] == nil {
		return "no workspace is shown"
	}
	return ""
}

// whyEmpty says why the tree has no row to move to, "" when it has one.
func (m Model) whyEmpty() string {
	switch root := m.nodes[""]; {
	case m.list.HasStop():
		return ""
	case root == nil:
		return "no workspace is shown"
	case root.state == loading && !root.read:
		return "the tree is still loading"
	case m.list.Query() != "":
		return "nothing loaded matches the filter"
	}
	return "the work tree is empty"
}

func (m Model) whyNoEntry() string {
	if why := m.whyEmpty(); why != "" {
		return why
	}
	if _, _, ok := m.Selected(); !ok {
		return "no file or directory under the cursor"
	}
	return ""
}

func (m Model) whyNoCollapse() string {
	if why := m.whyNoEntry(); why != "" {
		return why
	}
	if p, dir, _ := m.Selected(); !(dir && m.nodes[p].expanded) && parent(p) == "" {
		return "at the top level: nothing to collapse or go up to"
	}
	return ""
}

func (m Model) whyNoFile() string {
	if why := m.whyNoEntry(); why != "" {
		return why
	}
	if _, dir, _ := m.Selected(); dir {
		return "a directory does not open in the editor"
	}
	return ""
}

func (m Model) whyNothingToFilter() string {
	if why := m.whyNoWorkspace(); why != "" {
		return why
	}
	if root := m.nodes[""]; !root.read {
		return "the tree is still loading"
	}
	return ""
}

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
	}
	cmd, used, requery := m.list.Update(msg)
	if requery {
		m.rebuild()
	}
	if used {
		if _, wheel := msg.(tea.MouseWheelMsg); wheel {
			m.remember() // a filter keeps the path it was opened on
		}
		return m, cmd
	}
	if k, ok := msg.(tea.KeyPressMsg); ok {
		if id, ok := actions.Find(m.keys, k.String()); ok {
			return m.Do(id)
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
	if m.list.Do(id) {
		m.remember()
		return m, nil
	}
	switch id {
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
		return m, m.list.StartFilter()
	}
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
	if _, r, ok := m.list.Cursor(); ok {
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

// remember records the path under the cursor (an error or "more" row
// stands for its directory).
func (m *Model) remember() {
	if _, r, ok := m.list.Cursor(); ok {
		m.cursorPath = r.path
	}
}

// Filtering reports whether the filter field has focus.
func (m Model) Filtering() bool { return m.list.Filtering() }

// Loading reports whether any read is in flight.
func (m Model) Loading() bool {
	for _, n := range m.nodes {
		if n.state == loading {
			return true
		}
	}
	return false
}
