// Package projectlist is the left panel: projects and their workspaces, with
// branch, dirty marker and per-workspace agent-state badges. It owns its
// cursor, filter and collapse state; the app feeds it data and asks it what
// is selected.
package projectlist

import (
	"sort"
	"strings"

	"github.com/sahilm/fuzzy"
)

// Badge is an aggregate agent state shown beside a workspace.
type Badge string

// Badges, most urgent first.
const (
	BadgeNone    Badge = ""
	BadgeBlocked Badge = "blocked"
	BadgeError   Badge = "error"
	BadgeWorking Badge = "working"
	BadgeDone    Badge = "done"
	BadgeIdle    Badge = "idle"
)

// Workspace is one workspace row.
type Workspace struct {
	ID       string
	Name     string
	Branch   string
	Dirty    bool
	Badge    Badge
	Detail   string // e.g. blocked kind, "deleting", "cleanup pending"
	Shelved  bool
	Busy     bool // an operation (create, delete) is running on it
	Attached int  // live tabs
}

// Project is one project with its workspaces.
type Project struct {
	Name       string
	Path       string
	Workspaces []Workspace
	// Error says why the project cannot be used (its directory moved or
	// vanished), drawn beside its name; "" when it is fine.
	Error string
}

// RowKind says what a visible row is.
type RowKind int

// Row kinds.
const (
	ProjectRow RowKind = iota
	WorkspaceRow
)

// Row is one visible line of the tree.
type Row struct {
	Kind      RowKind
	Project   int // index into projects
	Workspace int // index into that project's workspaces (WorkspaceRow only)
}

// Model is the project list state.
type Model struct {
	projects  []Project
	collapsed map[string]bool // by project path
	rows      []Row
	cursor    int
	offset    int
	filter    string
}

// New returns an empty project list.
func New() Model { return Model{collapsed: map[string]bool{}} }

// SetProjects replaces the data, keeping the cursor on the same workspace
// (or project) when it still exists.
func (m *Model) SetProjects(projects []Project) {
	key := m.selectedKey()
	m.projects = projects
	m.rebuild()
	m.selectKey(key)
}

// Projects returns the current data.
func (m Model) Projects() []Project { return m.projects }

func (m Model) selectedKey() string {
	if m.cursor >= len(m.rows) {
		return ""
	}
	r := m.rows[m.cursor]
	p := m.projects[r.Project]
	if r.Kind == ProjectRow {
		return "p:" + p.Path
	}
	return "w:" + p.Workspaces[r.Workspace].ID
}

func (m *Model) selectKey(key string) {
	for i, r := range m.rows {
		p := m.projects[r.Project]
		if (r.Kind == ProjectRow && key == "p:"+p.Path) ||
			(r.Kind == WorkspaceRow && key == "w:"+p.Workspaces[r.Workspace].ID) {
			m.cursor = i
			return
		}
	}
	m.cursor = min(m.cursor, max(0, len(m.rows)-1))
}

// SelectWorkspace moves the cursor to the workspace with this ID.
func (m *Model) SelectWorkspace(id string) { m.selectKey("w:" + id) }

// SelectProject moves the cursor to the project with this repository path.
func (m *Model) SelectProject(path string) { m.selectKey("p:" + path) }

// Collapsed lists the folded projects' paths, sorted.
func (m Model) Collapsed() []string {
	var out []string
	for p, c := range m.collapsed {
		if c {
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}

// SetCollapsed folds exactly the projects with these paths.
func (m *Model) SetCollapsed(paths []string) {
	key := m.selectedKey()
	m.collapsed = map[string]bool{}
	for _, p := range paths {
		m.collapsed[p] = true
	}
	m.rebuild()
	m.selectKey(key)
}

// rebuild computes the visible rows from data, collapse state and filter.
// While filtering, matching workspaces show under their projects whatever
// the collapse state, and projects without a match are hidden.
func (m *Model) rebuild() {
	m.rows = m.rows[:0]
	q := strings.TrimSpace(m.filter)
	for pi, p := range m.projects {
		var ws []int
		for wi, w := range p.Workspaces {
			if q == "" || matches(q, w.Name+" "+w.Branch) || matches(q, p.Name) {
				ws = append(ws, wi)
			}
		}
		if q != "" && len(ws) == 0 {
			continue
		}
		m.rows = append(m.rows, Row{Kind: ProjectRow, Project: pi})
		if q == "" && m.collapsed[p.Path] {
			continue
		}
		for _, wi := range ws {
			m.rows = append(m.rows, Row{Kind: WorkspaceRow, Project: pi, Workspace: wi})
		}
	}
	if m.cursor >= len(m.rows) {
		m.cursor = max(0, len(m.rows)-1)
	}
}

func matches(q, s string) bool { return len(fuzzy.Find(q, []string{s})) > 0 }

// Move moves the cursor by delta rows, clamped.
func (m *Model) Move(delta int) {
	m.cursor = max(0, min(len(m.rows)-1, m.cursor+delta))
}

// Top and Bottom jump to the first and last rows.
func (m *Model) Top()    { m.cursor = 0 }
func (m *Model) Bottom() { m.cursor = max(0, len(m.rows)-1) }

// Selected returns the cursor row.
func (m Model) Selected() (Row, bool) {
	if m.cursor >= len(m.rows) {
		return Row{}, false
	}
	return m.rows[m.cursor], true
}

// SelectedProject returns the project of the cursor row.
func (m Model) SelectedProject() (Project, bool) {
	r, ok := m.Selected()
	if !ok {
		return Project{}, false
	}
	return m.projects[r.Project], true
}

// SelectedWorkspace returns the workspace of the cursor row, if it is one.
func (m Model) SelectedWorkspace() (Workspace, bool) {
	r, ok := m.Selected()
	if !ok || r.Kind != WorkspaceRow {
		return Workspace{}, false
	}
	return m.projects[r.Project].Workspaces[r.Workspace], true
}

// Toggle collapses or expands the project of the cursor row.
func (m *Model) Toggle() {
	r, ok := m.Selected()
	if !ok {
		return
	}
	path := m.projects[r.Project].Path
	m.collapsed[path] = !m.collapsed[path]
	key := "p:" + path
	m.rebuild()
	m.selectKey(key)
}

// SetFilter narrows the tree; empty clears it.
func (m *Model) SetFilter(q string) {
	key := m.selectedKey()
	m.filter = q
	m.rebuild()
	m.selectKey(key)
}

// Filter returns the active filter text.
func (m Model) Filter() string { return m.filter }

// ClickRow moves the cursor to visible row y (0 = first row of the list
// area, after scrolling) and reports whether it hit a row.
func (m *Model) ClickRow(y int) bool {
	i := m.offset + y
	if y < 0 || i >= len(m.rows) {
		return false
	}
	m.cursor = i
	return true
}
