package changes

import (
	"strconv"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/keys"
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

// DefaultActions are the list's actions with their default keys.
func DefaultActions(scope keys.Scope) []keys.Action {
	a := func(id keys.ActionID, ks []string, label, help string, hint, palette bool) keys.Action {
		return keys.Action{ID: id, Scope: scope, Keys: ks, Label: label, Help: help, Hint: hint, Palette: palette}
	}
	return append(keys.ListMoves(scope, ActDown, ActUp, ActTop, ActBottom, "file"),
		a(ActOpen, []string{"enter"}, "diff", "Open the file's diff (a commit's changes)", true, true),
		a(ActStage, []string{"space", "s"}, "stage", "Stage the file (unstage a staged one)", true, true),
		a(ActCommit, []string{"c"}, "commit", "Commit what is staged", true, true),
		a(ActFilter, []string{"/"}, "filter", "Filter the files by path", true, true),
		a(ActRefresh, []string{"r"}, "refresh", "Refresh the changes now", false, true),
	)
}

var actionIDs = []keys.ActionID{ActDown, ActUp, ActTop, ActBottom, ActOpen, ActStage, ActCommit, ActFilter, ActRefresh}

var hints = []keys.Hint{{ID: ActOpen, What: "diff"}, {ID: ActStage, What: "stage"}, {ID: ActCommit, What: "commit"},
	{ID: ActFilter, What: "filter"}}

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

// Update handles keys (through the scope map) and typing in the filter.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
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
	case tea.PasteMsg:
		if m.filtering {
			return m.typeFilter(msg)
		}
	}
	return m, nil
}

// Filtering reports whether the filter field has focus (every key goes to
// it then).
func (m Model) Filtering() bool { return m.filtering }

// Do runs one of the list's actions.
func (m Model) Do(id keys.ActionID) (Model, tea.Cmd) {
	switch id {
	case ActDown:
		m.move(1)
	case ActUp:
		m.move(-1)
	case ActTop:
		m.cursor = 0
		if !m.selectable(0) {
			m.move(1)
		}
	case ActBottom:
		m.cursor = len(m.rows) - 1
		if !m.selectable(m.cursor) {
			m.move(-1)
		}
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
		m.filtering = true
		m.filter.SetValue(m.query)
		m.filter.CursorEnd()
		return m, m.filter.Focus()
	}
	m.scrollToCursor()
	return m, nil
}

// filterKey: typing narrows the list at once; enter keeps the filter, esc
// clears it.
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
		m.applyFilter()
		return m, nil
	}
	return m.typeFilter(k)
}

// typeFilter feeds the filter field through dialog.InputMsg and narrows
// the list at once.
func (m Model) typeFilter(msg tea.Msg) (Model, tea.Cmd) {
	msg, ok := dialog.InputMsg(msg)
	if !ok {
		return m, nil
	}
	var cmd tea.Cmd
	m.filter, cmd = m.filter.Update(msg)
	m.applyFilter()
	return m, cmd
}

func (m *Model) applyFilter() {
	if v := m.filter.Value(); v != m.query {
		key := m.selectedKey()
		m.query = v
		m.rebuild()
		m.selectKey(key)
	}
}

// move steps the cursor n selectable rows.
func (m *Model) move(n int) {
	dir := 1
	if n < 0 {
		dir, n = -1, -n
	}
	for ; n > 0; n-- {
		for i := m.cursor + dir; i >= 0 && i < len(m.rows); i += dir {
			if m.selectable(i) {
				m.cursor = i
				break
			}
		}
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

// bodyHeight is the rows for the list: the header and the footer take one.
func (m Model) bodyHeight() int { return max(1, m.height-2) }

func itoa(n int) string { return strconv.Itoa(n) }
