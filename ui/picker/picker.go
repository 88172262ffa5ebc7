package picker

import (
	"strings"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/fuzzylist"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/safetext"
	"amux.dev/amux/ui/theme"
)

// CompletionMsg carries a finished Tab completion back to the picker. It is
// dropped when the input changed since the request (stale generation).
type CompletionMsg struct {
	gen    int
	result Completion
	err    error
}

// Model is an open path picker.
type Model struct {
	title     string
	home, cwd string
	rows      []string // candidate paths offered as rows
	list      fuzzylist.List
	input     textinput.Model
	theme     theme.Theme
	keys      keys.Map
	gen       int
	note      string
	errText   string
	chosen    string
}

// New opens a picker. rows are offered paths (shown with ~ for home).
func New(th theme.Theme, km keys.Map, title, home, cwd string, rows []string) Model {
	m := Model{title: title, home: home, cwd: cwd, theme: th, keys: km}
	m.input = textinput.New()
	m.input.Prompt = "› "
	m.input.Placeholder = "type a path (~/code/repo) or filter the list"
	m.input.SetWidth(60)
	m.input.Focus()
	m.SetRows(rows)
	return m
}

// SetRows replaces the offered paths (they may arrive after opening).
func (m *Model) SetRows(rows []string) {
	m.rows = rows
	items := make([]fuzzylist.Item, len(rows))
	for i, r := range rows {
		items[i] = fuzzylist.Item{Title: safetext.Line(m.pretty(r))} // the row stays the path
	}
	m.list.SetItems(items)
	m.list.SetQuery(m.filterQuery())
}

func (m Model) pretty(p string) string {
	if m.home != "" && (p == m.home || strings.HasPrefix(p, m.home+"/")) {
		return "~" + p[len(m.home):]
	}
	return p
}

func (m Model) filterQuery() string {
	if IsPathLike(m.input.Value()) {
		return ""
	}
	return m.input.Value()
}

// SetError shows why the chosen path was refused; the picker stays open.
func (m *Model) SetError(msg string) { m.errText = safetext.Line(msg) }

// Chosen returns the absolute path the user submitted.
func (m Model) Chosen() string { return m.chosen }

// Update handles one message.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd, dialog.Outcome) {
	switch msg := msg.(type) {
	case CompletionMsg:
		if msg.gen == m.gen {
			m.applyCompletion(msg)
		}
		return m, nil, dialog.Pending
	case tea.KeyPressMsg:
		switch s := msg.String(); {
		case m.keys.Is(keys.ListCancel, s):
			return m, nil, dialog.Cancelled
		case m.keys.Is(keys.ListChoose, s):
			return m.submit()
		case m.keys.Is(keys.ListComplete, s):
			return m, m.complete(), dialog.Pending
		case m.keys.Is(keys.ListUp, s):
			m.list.Move(-1)
			return m, nil, dialog.Pending
		case m.keys.Is(keys.ListDown, s):
			m.list.Move(1)
			return m, nil, dialog.Pending
		}
	}
	return m.edit(msg)
}

func (m Model) edit(msg tea.Msg) (Model, tea.Cmd, dialog.Outcome) {
	msg, ok := dialog.InputMsg(msg)
	if !ok {
		return m, nil, dialog.Pending
	}
	before := m.input.Value()
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	if m.input.Value() != before {
		m.gen++ // any pending completion is now stale
		m.note, m.errText = "", ""
		m.list.SetQuery(m.filterQuery())
	}
	return m, cmd, dialog.Pending
}

// submit resolves a typed path first, whatever rows are listed; otherwise
// it takes the selected row.
func (m Model) submit() (Model, tea.Cmd, dialog.Outcome) {
	if in := m.input.Value(); IsPathLike(in) {
		m.chosen = Resolve(in, m.home, m.cwd)
		return m, nil, dialog.Submitted
	}
	i, ok := m.list.Selected()
	if !ok {
		m.note = "nothing matches; type a path like ~/code/repo"
		return m, nil, dialog.Pending
	}
	m.chosen = m.rows[i]
	return m, nil, dialog.Submitted
}

// complete starts a directory completion off the update loop (a directory
// read can hang on a wedged mount). For a plain name, Tab takes the
// selected row into the input instead.
func (m *Model) complete() tea.Cmd {
	in := m.input.Value()
	if !IsPathLike(in) {
		// A row whose path would not be drawn as it is (see Complete) is
		// chosen with enter, never copied into the input.
		if i, ok := m.list.Selected(); ok && safetext.Line(m.rows[i]) == m.rows[i] {
			m.input.SetValue(m.pretty(m.rows[i]) + "/")
			m.input.CursorEnd()
			m.gen++
			m.list.SetQuery("")
		}
		return nil
	}
	gen, home, cwd := m.gen, m.home, m.cwd
	return func() tea.Msg {
		c, err := Complete(in, home, cwd)
		return CompletionMsg{gen: gen, result: c, err: err}
	}
}

func (m *Model) applyCompletion(msg CompletionMsg) {
	if msg.err != nil {
		m.note = "cannot read directory: " + safetext.Line(msg.err.Error())
		return
	}
	m.input.SetValue(msg.result.Input)
	m.input.CursorEnd()
	m.gen++
	switch n := len(msg.result.Candidates); {
	case n > 8:
		m.note = strings.Join(msg.result.Candidates[:8], "  ") + "  …"
	case n > 0:
		m.note = strings.Join(msg.result.Candidates, "  ")
	default:
		m.note = ""
	}
}

// View renders the picker width×height.
func (m Model) View(width, height int) string {
	th := m.theme
	var b strings.Builder
	b.WriteString(th.AccentStyle().Render(m.title) + "\n")
	b.WriteString(m.input.View() + "\n")
	switch {
	case m.errText != "":
		b.WriteString(th.ErrorStyle().Render(m.errText) + "\n")
	case m.note != "":
		b.WriteString(th.MutedStyle().Render(m.note) + "\n")
	case IsPathLike(m.input.Value()):
		b.WriteString(th.MutedStyle().Render(m.keys.Label(keys.ListChoose)+": use "+m.pretty(Resolve(m.input.Value(), m.home, m.cwd))) + "\n")
	default:
		b.WriteByte('\n')
	}
	b.WriteByte('\n')
	b.WriteString(m.list.View(th, width-6, max(3, height-10)))
	km := m.keys
	b.WriteString("\n\n" + th.MutedStyle().Render(km.Hints(keys.Hint{ID: keys.ListChoose, What: "choose"}, keys.Hint{ID: keys.ListComplete, What: "complete"})+
		" · "+km.First(keys.ListUp)+"/"+km.First(keys.ListDown)+": move · "+km.Hints(keys.Hint{ID: keys.ListCancel, What: "cancel"})))
	return th.Panel(true).Padding(1, 2).Width(width).Render(b.String())
}
