// Package kvedit edits a project's registries as rows: the environment
// (NAME = value, names editable, rows added and removed) and the lifecycle
// scripts (setup-workspace as a list of commands, run, archive and on-done
// as one each). Every field follows the one-line paste rule: a paste adds
// its first line only and never submits, cancels or changes rows.
package kvedit

import (
	"fmt"
	"regexp"
	"strings"
	"sync"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/theme"
)

// Pair is one row.
type Pair struct{ Key, Value string }

// Mode is what the rows are.
type Mode int

// The editors.
const (
	Env     Mode = iota // free NAME = value rows
	Scripts             // fixed script kinds; setup-workspace repeats
)

// The script kinds, as rows' keys.
const (
	KindSetup   = "setup-workspace"
	KindRun     = "run"
	KindArchive = "archive"
	KindOnDone  = "on-done"
)

// Model is an open editor.
type Model struct {
	th     theme.Theme
	keys   keys.Map
	mode   Mode
	title  string
	rows   []Pair
	in     [][2]textinput.Model
	cursor int
	col    int // 0: the key (Env only), 1: the value
	err    string
	offset int
}

// NewEnv opens the environment editor over env (rows sorted by name).
func NewEnv(th theme.Theme, km keys.Map, title string, env []Pair) Model {
	m := Model{th: th, keys: km, mode: Env, title: title}
	for _, p := range env {
		m.appendRow(p)
	}
	if len(m.rows) == 0 {
		m.appendRow(Pair{})
	}
	return m.focused()
}

// ScriptSet is what the scripts editor edits (and returns).
type ScriptSet struct {
	Setup                []string
	Run, Archive, OnDone string
}

// NewScripts opens the scripts editor over s.
func NewScripts(th theme.Theme, km keys.Map, title string, s ScriptSet) Model {
	m := Model{th: th, keys: km, mode: Scripts, title: title, col: 1}
	for _, c := range s.Setup {
		m.appendRow(Pair{KindSetup, c})
	}
	if len(s.Setup) == 0 {
		m.appendRow(Pair{KindSetup, ""})
	}
	m.appendRow(Pair{KindRun, s.Run})
	m.appendRow(Pair{KindArchive, s.Archive})
	m.appendRow(Pair{KindOnDone, s.OnDone})
	return m.focused()
}

func newField(v string, limit int) textinput.Model {
	in := textinput.New()
	in.Prompt = ""
	in.CharLimit = limit
	in.SetValue(v)
	return in
}

func (m *Model) appendRow(p Pair) { m.insertRow(len(m.rows), p) }

func (m *Model) insertRow(i int, p Pair) {
	m.rows = append(m.rows[:i], append([]Pair{p}, m.rows[i:]...)...)
	f := [2]textinput.Model{newField(p.Key, 128), newField(p.Value, 4096)}
	m.in = append(m.in[:i], append([][2]textinput.Model{f}, m.in[i:]...)...)
}

func (m Model) focused() Model {
	for i := range m.in {
		for c := range 2 {
			if i == m.cursor && c == m.col {
				m.in[i][c].Focus()
			} else {
				m.in[i][c].Blur()
			}
		}
	}
	return m
}

// Update handles one message. Submitted: Env or Scripts holds the result.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd, dialog.Outcome) {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		s, km := k.String(), m.keys
		switch {
		case km.Is(keys.FormCancel, s):
			return m, nil, dialog.Cancelled
		case km.Is(keys.FormSubmit, s):
			if err := m.validate(); err != nil {
				m.err = err.Error()
				return m, nil, dialog.Pending
			}
			return m, nil, dialog.Submitted
		case km.Is(keys.FormNext, s):
			m.step(1)
			return m.focused(), nil, dialog.Pending
		case km.Is(keys.FormPrev, s):
			m.step(-1)
			return m.focused(), nil, dialog.Pending
		case km.Is(keys.FormAddRow, s):
			m.add()
			return m.focused(), nil, dialog.Pending
		case km.Is(keys.FormDeleteRow, s):
			m.remove()
			return m.focused(), nil, dialog.Pending
		}
	}
	msg, ok := dialog.InputMsg(msg)
	if !ok {
		return m, nil, dialog.Pending
	}
	var cmd tea.Cmd
	f := &m.in[m.cursor][m.col]
	*f, cmd = f.Update(msg)
	if m.col == 0 {
		m.rows[m.cursor].Key = f.Value()
	} else {
		m.rows[m.cursor].Value = f.Value()
	}
	m.err = ""
	return m, cmd, dialog.Pending
}

// step moves through the fields: name then value in the environment, the
// commands in the scripts.
func (m *Model) step(d int) {
	if m.mode == Scripts {
		m.cursor = (m.cursor + d + len(m.rows)) % len(m.rows)
		return
	}
	pos := m.cursor*2 + m.col + d
	n := len(m.rows) * 2
	pos = (pos + n) % n
	m.cursor, m.col = pos/2, pos%2
}

// add inserts a row: a variable at the end, or another setup command
// after the cursor's.
func (m *Model) add() {
	switch m.mode {
	case Env:
		m.appendRow(Pair{})
		m.cursor, m.col = len(m.rows)-1, 0
	case Scripts:
		i := m.cursor
		for i < len(m.rows) && m.rows[i].Key == KindSetup {
			i++
		}
		if m.rows[m.cursor].Key == KindSetup {
			i = m.cursor + 1
		}
		m.insertRow(i, Pair{KindSetup, ""})
		m.cursor = i
	}
}

// remove drops the cursor's row: any variable; a setup command while
// another is left (the last one is emptied instead); the single scripts
// are emptied.
func (m *Model) remove() {
	r := m.rows[m.cursor]
	setups := 0
	for _, x := range m.rows {
		if x.Key == KindSetup {
			setups++
		}
	}
	if m.mode == Scripts && (r.Key != KindSetup || setups == 1) {
		m.rows[m.cursor].Value = ""
		m.in[m.cursor][1].SetValue("")
		return
	}
	m.rows = append(m.rows[:m.cursor], m.rows[m.cursor+1:]...)
	m.in = append(m.in[:m.cursor], m.in[m.cursor+1:]...)
	if len(m.rows) == 0 {
		m.appendRow(Pair{})
	}
	m.cursor = min(m.cursor, len(m.rows)-1)
}

// envName is compiled on first use: every amux process runs this
// package's init, a pane's `amux report` included.
var envName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`) })

func (m Model) validate() error {
	if m.mode != Env {
		return nil
	}
	seen := map[string]bool{}
	for i, r := range m.rows {
		k := strings.TrimSpace(r.Key)
		if k == "" && r.Value == "" {
			continue // an empty row is dropped
		}
		if !envName().MatchString(k) {
			return fmt.Errorf("row %d: %q is not a variable name (letters, digits, _; not starting with a digit)", i+1, k)
		}
		if strings.HasPrefix(k, "AMUX_") {
			return fmt.Errorf("row %d: %s: AMUX_ variables are amux's own", i+1, k)
		}
		if seen[k] {
			return fmt.Errorf("%s is set twice", k)
		}
		seen[k] = true
	}
	return nil
}

// Env is the edited environment (empty rows dropped).
func (m Model) Env() map[string]string {
	out := map[string]string{}
	for _, r := range m.rows {
		if k := strings.TrimSpace(r.Key); k != "" {
			out[k] = r.Value
		}
	}
	return out
}

// Scripts is the edited script set (empty setup commands dropped).
func (m Model) Scripts() ScriptSet {
	var s ScriptSet
	for _, r := range m.rows {
		v := strings.TrimSpace(r.Value)
		switch r.Key {
		case KindSetup:
			if v != "" {
				s.Setup = append(s.Setup, v)
			}
		case KindRun:
			s.Run = v
		case KindArchive:
			s.Archive = v
		case KindOnDone:
			s.OnDone = v
		}
	}
	return s
}

// View draws the editor's content in width×height cells.
func (m *Model) View(width, height int) string {
	th := m.th
	keyW := 18
	if m.mode == Scripts {
		keyW = 17
	}
	lines := []string{th.AccentStyle().Render(ansi.Truncate(m.title, width, "…")), ""}
	var body []string
	for i, r := range m.rows {
		key := m.in[i][0].View()
		if m.mode == Scripts {
			key = r.Key
		}
		ks := pad(key, keyW)
		if i == m.cursor && (m.col == 0 || m.mode == Scripts) {
			ks = th.SelectedStyle().Render(pad(ansi.Strip(key), keyW))
		}
		sep := " = "
		if m.mode == Scripts {
			sep = " $ "
		}
		m.in[i][1].SetWidth(max(width-keyW-4, 4))
		body = append(body, ansi.Truncate(ks+th.MutedStyle().Render(sep)+m.in[i][1].View(), width, "…"))
	}
	foot := []string{}
	if m.err != "" {
		foot = append(foot, th.ErrorStyle().Render(ansi.Truncate(m.err, width, "…")))
	}
	km := m.keys
	hint := km.First(keys.FormNext) + "/" + km.First(keys.FormPrev) + ": field · " + km.First(keys.FormAddRow) + ": add · " +
		km.First(keys.FormDeleteRow) + ": remove · " + km.First(keys.FormSubmit) + ": save · " + km.First(keys.FormCancel) + ": cancel"
	foot = append(foot, th.MutedStyle().Render(ansi.Truncate(hint, width, "…")))
	rows := max(height-len(lines)-len(foot)-1, 1)
	if m.cursor < m.offset {
		m.offset = m.cursor
	}
	if m.cursor >= m.offset+rows {
		m.offset = m.cursor - rows + 1
	}
	end := min(len(body), m.offset+rows)
	lines = append(lines, body[m.offset:end]...)
	for len(lines) < height-len(foot)-1 {
		lines = append(lines, "")
	}
	lines = append(lines, "")
	lines = append(lines, foot...)
	for i := range lines {
		lines[i] = pad(lines[i], width)
	}
	return strings.Join(lines[:min(len(lines), height)], "\n")
}

func pad(s string, w int) string {
	n := lipgloss.Width(s)
	if n > w {
		return ansi.Truncate(s, w, "…")
	}
	return s + strings.Repeat(" ", w-n)
}
