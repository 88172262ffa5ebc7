// Package agentpicker is the picker a new agent tab starts from: the
// configured assistants, filtered by name first, scrolled with a position
// hint, each checked for a program that would actually start (a command
// line's real program, past env assignments and wrappers, looked up on
// PATH) — and an optional first task for the agent.
package agentpicker

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"charm.land/bubbles/v2/textarea"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/fuzzylist"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/safetext"
	"amux.dev/amux/ui/theme"
)

// FirstTask is the action that opens (or hides) the first-task field: a
// row of the app's table (scope of the picker) whose run calls ToggleTask.
// The picker names its key in its footer.
const FirstTask keys.ActionID = "agent-first-task"

// Assistant is one row: its name and the command line it runs.
type Assistant struct{ Name, Command string }

// Model is an open picker.
type Model struct {
	th       theme.Theme
	keys     keys.Map
	rows     []Assistant
	items    []fuzzylist.Item
	list     fuzzylist.List
	filter   textinput.Model
	task     textarea.Model
	taskOpen bool
	missing  map[string]string
	note     string
}

// CheckedMsg carries the result of Check: why each assistant's program
// would not start (only those).
type CheckedMsg struct{ Missing map[string]string }

// New opens the picker over assistants, in their order. It reads the
// keys.List* component actions (and FirstTask's key) through km.
func New(th theme.Theme, km keys.Map, assistants []Assistant) Model {
	m := Model{th: th, keys: km, rows: assistants}
	m.items = make([]fuzzylist.Item, len(assistants))
	for i, a := range assistants {
		m.items[i] = fuzzylist.Item{Title: safetext.Line(a.Name)}
		if a.Command != a.Name {
			m.items[i].Detail = safetext.Line(a.Command)
		}
	}
	m.list = fuzzylist.New(m.items)
	m.list.TitleFirst, m.list.ShowPosition = true, true
	m.filter = textinput.New()
	m.filter.Prompt = "› "
	m.filter.Placeholder = "filter assistants by name"
	m.filter.SetWidth(60)
	m.filter.Focus()
	m.task = newTaskField()
	return m
}

// taskRows is the most rows the first-task field grows to; a longer task
// scrolls inside it.
const taskRows = 5

// newTaskField is the first-task field: several lines (a pasted task keeps
// its lines, which a bracketed paste hands the agent as they are) and no
// length limit — nothing typed or pasted is cut — with its size shown
// under it (taskCounter). Enter starts the agent, as everywhere in the
// picker, so new lines come in with a paste.
func newTaskField() textarea.Model {
	f := textarea.New()
	f.Prompt = "› "
	f.Placeholder = "first task for the agent (optional)"
	f.ShowLineNumbers = false
	f.CharLimit = 0
	f.DynamicHeight = true
	f.MinHeight, f.MaxHeight = 1, taskRows
	f.KeyMap.InsertNewline.SetEnabled(false)
	f.SetWidth(60)
	f.SetHeight(1)
	return f
}

// taskCounter is the first task's size, shown under its field.
func taskCounter(task string) string {
	chars := utf8.RuneCountInString(task)
	lines := 0
	if task != "" {
		lines = strings.Count(task, "\n") + 1
	}
	plural := func(n int, one string) string {
		if n == 1 {
			return "1 " + one
		}
		return strconv.Itoa(n) + " " + one + "s"
	}
	return plural(chars, "character") + " · " + plural(lines, "line") + " · no limit"
}

// Check looks every assistant's program up, off the update loop.
func (m Model) Check(lookPath func(string) (string, error)) tea.Cmd {
	rows := append([]Assistant(nil), m.rows...)
	return func() tea.Msg {
		missing := map[string]string{}
		for _, a := range rows {
			if why := Missing(a.Command, lookPath); why != "" {
				missing[a.Name] = why
			}
		}
		return CheckedMsg{Missing: missing}
	}
}

// Chosen is the assistant under the cursor and the first task typed.
func (m Model) Chosen() (name, task string, ok bool) {
	i, ok := m.list.Selected()
	if !ok {
		return "", "", false
	}
	return m.rows[i].Name, strings.TrimSpace(m.task.Value()), true
}

// Update handles one message. Submitted means start Chosen.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd, dialog.Outcome) {
	switch msg := msg.(type) {
	case CheckedMsg:
		m.missing = msg.Missing
		for i, a := range m.rows {
			m.items[i].Note = safetext.Line(msg.Missing[a.Name])
		}
		m.list.SetItems(m.items)
		m.list.SetQuery(m.filter.Value())
		return m, nil, dialog.Pending
	case tea.KeyPressMsg:
		switch s, km := msg.String(), m.keys; {
		case km.Is(keys.ListCancel, s):
			return m, nil, dialog.Cancelled
		case km.Is(keys.ListChoose, s):
			i, ok := m.list.Selected()
			if !ok {
				return m, nil, dialog.Pending
			}
			if why := m.missing[m.rows[i].Name]; why != "" && m.note == "" {
				// Said once; a second enter starts it anyway (PATH inside
				// the login shell may differ from amux's).
				m.note = why + ": " + km.First(keys.ListChoose) + " again to start it anyway"
				return m, nil, dialog.Pending
			}
			return m, nil, dialog.Submitted
		case km.Is(keys.ListUp, s):
			m.move(-1)
			return m, nil, dialog.Pending
		case km.Is(keys.ListDown, s):
			m.move(1)
			return m, nil, dialog.Pending
		case km.Is(keys.ListPageUp, s):
			m.move(-5)
			return m, nil, dialog.Pending
		case km.Is(keys.ListPageDown, s):
			m.move(5)
			return m, nil, dialog.Pending
		}
	}
	if p, isPaste := msg.(tea.PasteMsg); isPaste && m.taskOpen {
		// The task keeps a paste's lines (other fields take its first).
		var cmd tea.Cmd
		m.task, cmd = m.task.Update(tea.PasteMsg{Content: pastedLines(p.Content)})
		return m, cmd, dialog.Pending
	}
	msg, ok := dialog.InputMsg(msg)
	if !ok {
		return m, nil, dialog.Pending
	}
	var cmd tea.Cmd
	if m.taskOpen {
		m.task, cmd = m.task.Update(msg)
		return m, cmd, dialog.Pending
	}
	before := m.filter.Value()
	m.filter, cmd = m.filter.Update(msg)
	if m.filter.Value() != before {
		m.note = ""
		m.list.SetQuery(m.filter.Value())
	}
	return m, cmd, dialog.Pending
}

// pastedLines is pasted text made safe line by line (safetext.Line), its
// lines kept.
func pastedLines(s string) string {
	lines := strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
	for i, l := range lines {
		lines[i] = safetext.Line(l)
	}
	return strings.Join(lines, "\n")
}

// ToggleTask opens or hides the first-task field (FirstTask's run).
func (m *Model) ToggleTask() tea.Cmd {
	m.taskOpen = !m.taskOpen
	if m.taskOpen {
		m.filter.Blur()
		return m.task.Focus()
	}
	m.task.Blur()
	return m.filter.Focus()
}

func (m *Model) move(d int) {
	m.list.Move(d)
	m.note = ""
}

// View renders the picker's content (the caller frames it) in width cells
// and at most height rows.
func (m Model) View(width, height int) string {
	th := m.th
	var b strings.Builder
	b.WriteString(th.AccentStyle().Render("New agent tab") + "\n")
	b.WriteString(m.filter.View() + "\n\n")
	extra := 6 // title, filter, blanks, note, hint
	if m.taskOpen {
		extra += 3 + m.task.Height() // label, field, counter, blank
	}
	b.WriteString(m.list.View(th, width, max(3, height-extra)) + "\n")
	if m.note != "" {
		b.WriteString(th.Style(th.Warning).Render(m.note))
	}
	b.WriteString("\n")
	if m.taskOpen {
		b.WriteString(th.TextStyle().Render("First task (typed once the agent is ready):") + "\n" + m.task.View() + "\n" +
			th.MutedStyle().Render(taskCounter(m.task.Value())) + "\n\n")
	}
	km := m.keys
	b.WriteString(th.MutedStyle().Render(km.First(keys.ListChoose) + ": start · " + km.First(FirstTask) + ": first task · " +
		km.First(keys.ListUp) + "/" + km.First(keys.ListDown) + ": move · " + km.First(keys.ListCancel) + ": cancel"))
	return b.String()
}
