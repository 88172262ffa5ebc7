package diffview

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/git/udiff"
	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/keys"
)

// Op is something the viewer asks the app to do.
type Op int

// Requests.
const (
	OpStageHunk  Op = iota // stage (or, in the staged diff, unstage) File's hunk Hunk
	OpStageFile            // stage (or unstage) File
	OpCycleMode            // show the next mode (unstaged → staged → against base)
	OpOpenEditor           // open File in $EDITOR
	OpClose                // close the viewer
)

// RequestMsg carries a request to the app, which owns git and the tabs.
type RequestMsg struct {
	Op   Op
	File udiff.File
	Hunk int
}

// wheelRows is how far one wheel notch scrolls, in display rows.
const wheelRows = 3

// Update handles keys (through the scope map), the mouse wheel, typing in
// the search field, and the highlighter's answer.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case highlightMsg:
		m.applyHighlight(msg)
		return m, nil
	case tea.MouseWheelMsg:
		switch msg.Button {
		case tea.MouseWheelDown:
			m.scroll(wheelRows)
		case tea.MouseWheelUp:
			m.scroll(-wheelRows)
		}
		return m, m.highlightVisible()
	case tea.KeyPressMsg:
		if m.searching {
			return m.searchKey(msg)
		}
		if id, ok := actions.Find(m.keys, msg.String()); ok {
			return m.Do(id)
		}
	case tea.PasteMsg:
		if m.searching {
			return m.typeSearch(msg)
		}
	}
	return m, nil
}

// Do runs one of the viewer's actions: a key press and a palette choice
// take this same path.
func (m Model) Do(id keys.ActionID) (Model, tea.Cmd) {
	m, cmd := m.do(id)
	return m, batch(cmd, m.highlightVisible())
}

func batch(a, b tea.Cmd) tea.Cmd {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	return tea.Batch(a, b)
}

func (m Model) do(id keys.ActionID) (Model, tea.Cmd) {
	page := max(1, m.bodyHeight()-1)
	switch id {
	case ActDown:
		m.scroll(1)
	case ActUp:
		m.scroll(-1)
	case ActPageDown:
		m.scroll(page)
	case ActPageUp:
		m.scroll(-page)
	case ActHalfDown:
		m.scroll(max(1, page/2))
	case ActHalfUp:
		m.scroll(-max(1, page/2))
	case ActTop:
		m.top = 0
		m.follow()
	case ActBottom:
		m.top = m.lay.total()
		m.clamp()
		m.follow()
	case ActWrap:
		a := m.anchor()
		m.wrap = !m.wrap
		m.relayout()
		m.reanchor(a)
	case ActSplit:
		a := m.anchor()
		m.wantSplit = !m.wantSplit
		m.relayout()
		m.reanchor(a)
	case ActNextHunk:
		m.stepHunk(1)
	case ActPrevHunk:
		m.stepHunk(-1)
	case ActSearch:
		m.searching = true
		m.search.SetValue(m.query)
		m.search.CursorEnd()
		return m, m.search.Focus()
	case ActNextMatch:
		m.stepMatch(1)
	case ActPrevMatch:
		m.stepMatch(-1)
	case ActStageHunk:
		if f, h, ok := m.CurrentHunk(); ok {
			return m, request(RequestMsg{Op: OpStageHunk, File: m.files[f], Hunk: h})
		}
	case ActStageFile, ActOpenEditor:
		if len(m.items) > 0 {
			op := OpStageFile
			if id == ActOpenEditor {
				op = OpOpenEditor
			}
			return m, request(RequestMsg{Op: op, File: m.files[m.items[m.anchor().item].file]})
		}
	case ActCycleMode:
		return m, request(RequestMsg{Op: OpCycleMode})
	case ActClose:
		return m, request(RequestMsg{Op: OpClose})
	}
	return m, nil
}

func request(r RequestMsg) tea.Cmd { return func() tea.Msg { return r } }

func (m *Model) scroll(n int) {
	m.top += n
	m.clamp()
	m.follow()
}

// stepHunk selects the next (dir 1) or previous (-1) hunk in source
// order and scrolls its header to the top (as far as the view scrolls).
func (m *Model) stepHunk(dir int) {
	from := m.sel
	if from < 0 {
		from = m.anchor().item
	}
	for i := from + dir; i >= 0 && i < len(m.items); i += dir {
		if it := m.items[i]; it.kind == hunkItem && it.hunk >= 0 {
			m.sel = i
			m.top = m.lay.starts[m.lay.rowOf[i]]
			m.clamp()
			return
		}
	}
}

// selectOrdinal selects the n-th hunk (1-based), or the last one.
func (m *Model) selectOrdinal(n int) {
	k := 0
	for i, it := range m.items {
		if it.kind == hunkItem && it.hunk >= 0 {
			k++
			m.sel = i
			if k == n {
				return
			}
		}
	}
}

// follow keeps the selection on screen: when scrolling took the selected
// hunk out of view, the hunk at the top (or the first one below it) is
// selected instead.
func (m *Model) follow() {
	if len(m.items) == 0 || m.lay == nil {
		return
	}
	body := m.bodyHeight()
	if m.sel >= 0 {
		first := m.lay.starts[m.lay.rowOf[m.sel]]
		last := first
		for i := m.sel + 1; i < len(m.items) && m.items[i].kind == lineItem; i++ {
			last = m.lay.starts[m.lay.rowOf[i]+1] - 1
		}
		if last >= m.top && first < m.top+body {
			return
		}
	}
	at := m.anchor().item
	for i := at; i >= 0; i-- {
		if it := m.items[i]; it.kind == hunkItem && it.hunk >= 0 {
			m.sel = i
			return
		}
		if m.items[i].kind == fileItem {
			break
		}
	}
	for i := at; i < len(m.items); i++ {
		if it := m.items[i]; it.kind == hunkItem && it.hunk >= 0 {
			m.sel = i
			return
		}
	}
}

// HunkIndex returns the ordinal (1-based) of the selected hunk among all
// hunks shown, and their number.
func (m Model) HunkIndex() (n, total int) {
	for i, it := range m.items {
		if it.kind == hunkItem && it.hunk >= 0 {
			total++
			if i == m.sel {
				n = total
			}
		}
	}
	return n, total
}

// searchKey handles a key while the search field has focus: enter selects
// the first hit at or after the top, esc leaves the field.
func (m Model) searchKey(k tea.KeyPressMsg) (Model, tea.Cmd) {
	switch k.String() {
	case "enter":
		m.searching = false
		m.search.Blur()
		m.query = strings.TrimSpace(m.search.Value())
		m.findMatches()
		m.selectFrom(m.anchor().item)
		return m, m.highlightVisible()
	case "esc":
		m.searching = false
		m.search.Blur()
		return m, nil
	}
	return m.typeSearch(k)
}

// typeSearch feeds the search field, through the field rule for outside
// text (dialog.InputMsg).
func (m Model) typeSearch(msg tea.Msg) (Model, tea.Cmd) {
	msg, ok := dialog.InputMsg(msg)
	if !ok {
		return m, nil
	}
	var cmd tea.Cmd
	m.search, cmd = m.search.Update(msg)
	return m, cmd
}
