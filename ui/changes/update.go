package changes

import (
	"strconv"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/listview"
)

// The list's actions; the app puts them in its registry (DefaultActions)
// and hands the list the registry's keys.Map.
const (
	ActDown    keys.ActionID = "changes.down"
	ActUp      keys.ActionID = "changes.up"
	ActTop     keys.ActionID = "changes.top"
	ActBottom  keys.ActionID = "changes.bottom"
	ActOpen    keys.ActionID = "changes.open"
	ActStage   keys.ActionID = "changes.stage"
	ActCommit  keys.ActionID = "changes.commit"
	ActFilter  keys.ActionID = "changes.filter"
	ActRefresh keys.ActionID = "changes.refresh"
)

// actions is every action of the list, declared once: the keys it
// matches, its footer and the app's rows are all read from here.
var actions = append(listview.MoveRows(moves, "file", Model.whyEmpty), keys.Table[Model]{
	{ID: ActOpen, Keys: []string{"enter"}, Label: "diff", Help: "Open the file's diff (a commit's changes)",
		Hint: true, Palette: true, Why: Model.whyEmpty},
	{ID: ActStage, Keys: []string{"space", "s"}, Label: "stage", Help: "Stage the file (unstage a staged one)",
		Hint: true, Palette: true, Why: Model.whyNoFile},
	// Nothing staged still commits: the dialog amends the last commit.
	{ID: ActCommit, Keys: []string{"c"}, Label: "commit", Help: "Commit what is staged",
		Hint: true, Palette: true, Why: keys.Always[Model]},
	{ID: ActFilter, Keys: []string{"/"}, Label: "filter", Help: "Filter the files by path",
		Hint: true, Palette: true, Why: Model.whyNothingToFilter},
	{ID: ActRefresh, Keys: []string{"r"}, Label: "refresh", Help: "Refresh the changes now",
		Palette: true, Why: keys.Always[Model]},
}...)

// hints are the footer's actions.
var hints = actions.Hints()

// DefaultActions are the list's actions with their default keys.
func DefaultActions(scope keys.Scope) []keys.Action { return actions.Actions(scope) }

// Table is the list's action table, for tests over every row.
func Table() keys.Table[Model] { return actions }

// Why says why the list's action id cannot run now ("" when it can), as
// the list itself would: the app's palette, help and key path ask it.
func (m Model) Why(id keys.ActionID) string {
	why, _ := actions.Why(m, id)
	return why
}

// whyEmpty says why the list has nothing to act on, "" when it has (the
// cursor rests only on a file or a commit).
func (m Model) whyEmpty() string {
	switch {
	case m.list.HasStop():
		return ""
	case m.loading:
		return "the changes are still loading"
	case m.err != "":
		return "the changes could not be read (" + m.keys.First(ActRefresh) + " reads them again)"
	case m.list.Query() != "":
		return "nothing matches the filter"
	}
	return "no uncommitted changes and no commits on the branch"
}

func (m Model) whyNoFile() string {
	if why := m.whyEmpty(); why != "" {
		return why
	}
	if _, _, ok := m.Selected(); !ok {
		return "a commit is under the cursor, not a file"
	}
	return ""
}

func (m Model) whyNothingToFilter() string {
	if len(m.data.Commits) > 0 {
		return ""
	}
	for g := range groupCount {
		if len(m.data.Files[g]) > 0 {
			return ""
		}
	}
	if m.loading {
		return "the changes are still loading"
	}
	return "no files or commits to filter"
}

// Op is something the list asks the app to do.
type Op int

// Requests.
const (
	OpOpenDiff   Op = iota // show File's diff (in Group's mode)
	OpOpenCommit           // show Commit's changes
	OpToggleStage
	OpCommit
	OpRefresh
)

// RequestMsg carries a request to the app.
type RequestMsg struct {
	Op     Op
	File   File
	Group  Group
	Commit Commit
}

func request(r RequestMsg) tea.Cmd { return func() tea.Msg { return r } }

// Update handles keys (through the scope map), the wheel and typing in
// the filter.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	cmd, used, requery := m.list.Update(msg)
	if requery {
		key := m.selectedKey()
		m.rebuild()
		m.selectKey(key)
	}
	if used {
		return m, cmd
	}
	if k, ok := msg.(tea.KeyPressMsg); ok {
		if id, ok := actions.Find(m.keys, k.String()); ok {
			return m.Do(id)
		}
	}
	return m, nil
}

// Filtering reports whether the filter field has focus (every key goes to
// it then).
func (m Model) Filtering() bool { return m.list.Filtering() }

// Do runs one of the list's actions.
func (m Model) Do(id keys.ActionID) (Model, tea.Cmd) {
	if m.list.Do(id) {
		return m, nil
	}
	switch id {
	case ActOpen:
		if f, g, ok := m.Selected(); ok {
			return m, request(RequestMsg{Op: OpOpenDiff, File: f, Group: g})
		}
		if c, ok := m.SelectedCommit(); ok {
			return m, request(RequestMsg{Op: OpOpenCommit, Commit: c})
		}
	case ActStage:
		if f, g, ok := m.Selected(); ok {
			return m, request(RequestMsg{Op: OpToggleStage, File: f, Group: g})
		}
	case ActCommit:
		return m, request(RequestMsg{Op: OpCommit})
	case ActRefresh:
		return m, request(RequestMsg{Op: OpRefresh})
	case ActFilter:
		return m, m.list.StartFilter()
	}
	return m, nil
}

func itoa(n int) string { return strconv.Itoa(n) }
