// Package projectlist is the left panel: projects and their workspaces, with
// branch, dirty marker and per-workspace agent-state badges, and — once
// remote hosts are configured (SetHosts) — a host level above them: this
// machine first, then each host with its status line. It owns its cursor,
// filter and collapse state; the app feeds it data and asks it what is
// selected.
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
	// HostRow heads a machine's projects; drawn only while hosts are
	// configured (SetHosts), so a single-machine list is as it always was.
	HostRow
)

// Row is one visible line of the tree.
type Row struct {
	Kind      RowKind
	Project   int // index into that machine's projects (not for a HostRow)
	Workspace int // index into that project's workspaces (WorkspaceRow only)
	// Host is the machine: 0 for this one, i for the i-th host of SetHosts.
	Host int
}

// Model is the project list state.
type Model struct {
	projects  []Project       // this machine's
	hosts     []Host          // the remote hosts, after this machine
	collapsed map[string]bool // by collapseKey
	rows      []Row
	cursor    int
	offset    int
	filter    string
}

// New returns an empty project list.
func New() Model { return Model{collapsed: map[string]bool{}} }

// SetProjects replaces this machine's projects, keeping the cursor on the
// same workspace (or project) when it still exists.
func (m *Model) SetProjects(projects []Project) {
	key := m.selectedKey()
	m.projects = projects
	m.rebuild()
	m.selectKey(key)
}

// Projects returns this machine's projects.
func (m Model) Projects() []Project { return m.projects }

// projectsOf is machine h's projects (0: this machine).
func (m Model) projectsOf(h int) []Project {
	if h == 0 {
		return m.projects
	}
	return m.hosts[h-1].Projects
}

// project is the project of row r.
func (m Model) project(r Row) Project { return m.projectsOf(r.Host)[r.Project] }

// hostPrefix qualifies a remote machine's keys ("" for this machine, so
// its keys — and the collapsed paths saved in the view state — are what
// they were before hosts).
func (m Model) hostPrefix(h int) string {
	if h == 0 {
		return ""
	}
	return "@" + m.hosts[h-1].Name + ":"
}

// collapseKey is what Collapsed lists for a folded row: a local project's
// path, "@name:path" for a host's project, "@name" for a host ("@" for
// this machine).
func (m Model) collapseKey(r Row) string {
	if r.Kind == HostRow {
		if r.Host == 0 {
			return "@"
		}
		return "@" + m.hosts[r.Host-1].Name
	}
	return m.hostPrefix(r.Host) + m.project(r).Path
}

func (m Model) rowKey(r Row) string {
	switch r.Kind {
	case HostRow:
		return "h:" + m.collapseKey(r)
	case ProjectRow:
		return "p:" + m.hostPrefix(r.Host) + m.project(r).Path
	}
	return "w:" + m.hostPrefix(r.Host) + m.project(r).Workspaces[r.Workspace].ID
}

func (m Model) selectedKey() string {
	if m.cursor >= len(m.rows) {
		return ""
	}
	return m.rowKey(m.rows[m.cursor])
}

func (m *Model) selectKey(key string) {
	for i, r := range m.rows {
		if m.rowKey(r) == key {
			m.cursor = i
			return
		}
	}
	m.cursor = min(m.cursor, max(0, len(m.rows)-1))
}

// SelectWorkspace moves the cursor to the workspace with this ID, on
// whichever machine has it (workspace IDs are random: they do not repeat);
// false when no row shows it.
func (m *Model) SelectWorkspace(id string) bool {
	for i, r := range m.rows {
		if r.Kind == WorkspaceRow && m.project(r).Workspaces[r.Workspace].ID == id {
			m.cursor = i
			return true
		}
	}
	return false
}

// SelectProject moves the cursor to this machine's project with this
// repository path.
func (m *Model) SelectProject(path string) { m.selectKey("p:" + path) }

// Collapsed lists the folded rows' keys, sorted: this machine's projects
// by path (as before hosts), the rest as collapseKey says.
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

// SetCollapsed folds exactly the rows with these keys (see Collapsed).
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
// the collapse state, and projects without a match are hidden (a host
// without one too).
func (m *Model) rebuild() {
	m.rows = m.rows[:0]
	q := strings.TrimSpace(m.filter)
	for h := 0; h <= len(m.hosts); h++ {
		start := len(m.rows)
		head := Row{Kind: HostRow, Host: h}
		if len(m.hosts) > 0 {
			m.rows = append(m.rows, head)
		}
		if len(m.hosts) > 0 && q == "" && m.collapsed[m.collapseKey(head)] {
			continue
		}
		shown := false
		for pi, p := range m.projectsOf(h) {
			var ws []int
			for wi, w := range p.Workspaces {
				if q == "" || matches(q, w.Name+" "+w.Branch) || matches(q, p.Name) {
					ws = append(ws, wi)
				}
			}
			if q != "" && len(ws) == 0 {
				continue
			}
			shown = true
			pr := Row{Kind: ProjectRow, Project: pi, Host: h}
			m.rows = append(m.rows, pr)
			if q == "" && m.collapsed[m.collapseKey(pr)] {
				continue
			}
			for _, wi := range ws {
				m.rows = append(m.rows, Row{Kind: WorkspaceRow, Project: pi, Workspace: wi, Host: h})
			}
		}
		if q != "" && !shown {
			m.rows = m.rows[:start]
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

// SelectedProject returns the project of the cursor row (none on a host
// row).
func (m Model) SelectedProject() (Project, bool) {
	r, ok := m.Selected()
	if !ok || r.Kind == HostRow {
		return Project{}, false
	}
	return m.project(r), true
}

// SelectedWorkspace returns the workspace of the cursor row, if it is one.
func (m Model) SelectedWorkspace() (Workspace, bool) {
	r, ok := m.Selected()
	if !ok || r.Kind != WorkspaceRow {
		return Workspace{}, false
	}
	return m.project(r).Workspaces[r.Workspace], true
}

// Toggle collapses or expands the project (or host) of the cursor row.
func (m *Model) Toggle() {
	r, ok := m.Selected()
	if !ok {
		return
	}
	if r.Kind == WorkspaceRow {
		r = Row{Kind: ProjectRow, Project: r.Project, Host: r.Host}
	}
	k := m.collapseKey(r)
	m.collapsed[k] = !m.collapsed[k]
	key := m.rowKey(r)
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
