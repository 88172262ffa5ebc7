// Package commitmsg is the commit-message dialog: a message field whose
// first line is checked as it is typed (the rule comes from the git
// engine, passed in), an amend toggle that brings back the tip's message,
// and commit/cancel. The keys that are not typing come from the registry
// the app passes in (its keys.Map), and so do the hints.
package commitmsg

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"charm.land/bubbles/v2/textarea"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/safetext"
	"amux.dev/amux/ui/theme"
)

// The dialog's actions (DefaultActions gives their default keys). Every
// other key types into the message.
const (
	ActCommit keys.ActionID = "commit.submit"
	ActAmend  keys.ActionID = "commit.amend"
	ActCancel keys.ActionID = "commit.cancel"
)

// actions is every action of the dialog, declared once: the keys it
// matches, its footer and the app's rows are all read from here.
var actions = keys.Table[Model]{
	{ID: ActCommit, Keys: []string{"ctrl+s"}, Label: "commit", Help: "Commit with this message", Hint: true, Why: Model.whyNoCommit},
	{ID: ActAmend, Keys: []string{"ctrl+t"}, Label: "amend", Help: "Toggle amend: replace the last commit instead of adding one",
		Hint: true, Why: Model.whyNoAmend},
	{ID: ActCancel, Keys: []string{"esc"}, Label: "cancel", Help: "Close without committing", Hint: true, Why: keys.Always[Model]},
}

// hints are the dialog's footer.
var hints = actions.Hints()

// DefaultActions are the dialog's actions with their default keys.
func DefaultActions(scope keys.Scope) []keys.Action { return actions.Actions(scope) }

// Table is the dialog's action table, for tests over every row.
func Table() keys.Table[Model] { return actions }

// Why says why the dialog's action id cannot run now ("" when it can), as
// the dialog itself would.
func (m Model) Why(id keys.ActionID) string {
	why, _ := actions.Why(m, id)
	return why
}

// whyNoCommit is the message rule's objection to the message as typed.
func (m Model) whyNoCommit() string {
	if err := m.validate(m.area.Value()); err != nil {
		return safetext.Line(err.Error())
	}
	return ""
}

func (m Model) whyNoAmend() string {
	if m.lastMessage == "" {
		return noAmend
	}
	return ""
}

// noAmend is why a branch without a commit cannot amend.
const noAmend = "nothing to amend: the branch has no commit yet"

// Request is what the person asked to commit.
type Request struct {
	Message string
	Amend   bool
}

// Model is the dialog.
type Model struct {
	theme    theme.Theme
	keys     keys.Map
	validate func(string) error
	area     textarea.Model

	amend       bool
	lastMessage string   // the tip's message, offered when amend is turned on
	typed       string   // what was typed before amend replaced it
	staged      string   // "3 files staged": what the commit will hold (display copy)
	err         string   // the validation error shown
	failure     []string // why git refused the commit, and the fix: shown whole, wrapped
	width       int
}

// maxSubject is where the counter turns into an error; the validate rule
// decides, this only sizes the counter.
const maxSubject = 100

// New returns the dialog. validate is the commit message rule
// (git.ValidateMessage); lastMessage is the tip commit's message ("" when
// the branch has none, which disables amend); staged says what will be
// committed.
func New(th theme.Theme, km keys.Map, validate func(string) error, lastMessage, staged string) Model {
	ta := textarea.New()
	ta.ShowLineNumbers = false
	ta.Placeholder = "Summary of the change\n\nWhy it was made"
	ta.CharLimit = 10000
	st := ta.Styles()
	st.Cursor.Blink = false
	ta.SetStyles(st)
	ta.SetHeight(6)
	m := Model{theme: th, keys: km, validate: validate, area: ta, lastMessage: lastMessage,
		staged: safetext.Line(staged), width: 60}
	m.area.SetWidth(m.width - 4)
	m.area.Focus()
	return m
}

// SetWidth sets the dialog's width.
func (m *Model) SetWidth(w int) {
	m.width = max(w, 30)
	m.area.SetWidth(m.width - 4)
}

// SetError shows why the commit failed, each line of its text kept; the
// dialog stays open with the message kept.
func (m *Model) SetError(err error) {
	m.failure = nil
	if err != nil {
		m.SetFailure(strings.Split(err.Error(), "\n"))
	}
}

// SetFailure shows why git refused the commit, one entry a line (git's
// words, then the fix), each made drawable and wrapped to the dialog,
// never cut: the reason is what the person needs to act. nil clears it.
func (m *Model) SetFailure(lines []string) {
	m.failure = nil
	for _, l := range lines {
		if l = safetext.Line(l); strings.TrimSpace(l) != "" {
			m.failure = append(m.failure, l)
		}
	}
}

// Value is the request as it stands.
func (m Model) Value() Request { return Request{Message: m.area.Value(), Amend: m.amend} }

// Update handles one message and says whether the person committed or
// cancelled.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd, dialog.Outcome) {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		if id, ok := actions.Find(m.keys, k.String()); ok {
			return m.do(id)
		}
	}
	// Typed and pasted text keeps its newlines here (a message has lines),
	// but loses what safetext removes from each line.
	if p, ok := msg.(tea.PasteMsg); ok {
		lines := strings.Split(strings.ReplaceAll(p.Content, "\r\n", "\n"), "\n")
		for i, l := range lines {
			lines[i] = safetext.Line(l)
		}
		msg = tea.PasteMsg{Content: strings.Join(lines, "\n")}
	} else if safe, ok := dialog.InputMsg(msg); ok {
		msg = safe
	} else {
		return m, nil, dialog.Pending
	}
	var cmd tea.Cmd
	m.area, cmd = m.area.Update(msg)
	m.check()
	return m, cmd, dialog.Pending
}

func (m Model) do(id keys.ActionID) (Model, tea.Cmd, dialog.Outcome) {
	switch id {
	case ActCancel:
		return m, nil, dialog.Cancelled
	case ActAmend:
		if why := m.whyNoAmend(); why != "" {
			m.err = why
			return m, nil, dialog.Pending
		}
		m.amend = !m.amend
		if m.amend && strings.TrimSpace(m.area.Value()) == "" {
			m.typed = m.area.Value()
			m.area.SetValue(strings.TrimRight(m.lastMessage, "\n"))
		} else if !m.amend && m.area.Value() == strings.TrimRight(m.lastMessage, "\n") {
			m.area.SetValue(m.typed)
		}
		m.check()
	case ActCommit:
		if why := m.whyNoCommit(); why != "" {
			m.err = why
			return m, nil, dialog.Pending
		}
		return m, nil, dialog.Submitted
	}
	return m, nil, dialog.Pending
}

// check refreshes the inline validation as the message changes.
func (m *Model) check() {
	m.err = ""
	if v := m.area.Value(); strings.TrimSpace(v) != "" {
		if err := m.validate(v); err != nil {
			m.err = safetext.Line(err.Error())
		}
	}
}

// View renders the dialog box.
func (m Model) View() string {
	th := m.theme
	title := "Commit"
	if m.amend {
		title = "Amend the last commit"
	}
	subject, _, _ := strings.Cut(m.area.Value(), "\n")
	n := utf8.RuneCountInString(subject)
	counter := th.MutedStyle().Render(strconv.Itoa(n) + "/" + strconv.Itoa(maxSubject))
	if n > maxSubject {
		counter = th.ErrorStyle().Render(strconv.Itoa(n) + "/" + strconv.Itoa(maxSubject))
	}
	lines := []string{th.AccentStyle().Render(title) + "  " + counter}
	if m.staged != "" {
		lines = append(lines, th.MutedStyle().Render(ansi.Truncate(m.staged, m.width-4, "…")))
	}
	lines = append(lines, m.area.View())
	if m.err != "" {
		lines = append(lines, th.ErrorStyle().Render(ansi.Truncate(m.err, m.width-4, "…")))
	}
	for _, l := range m.failure {
		for w := range strings.Lines(ansi.Wrap(l, m.width-4, " ")) {
			lines = append(lines, th.ErrorStyle().Render(strings.TrimRight(w, "\n")))
		}
	}
	amend := "off"
	if m.amend {
		amend = "on"
	}
	lines = append(lines, th.MutedStyle().Render(m.keys.Hints(hints...)+" · amend "+amend))
	return th.Panel(true).Width(m.width).Padding(0, 1).Render(strings.Join(lines, "\n"))
}
