package app

import (
	"context"
	"errors"
	"strings"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/ui/keys"
	"amux.dev/amux/workspace"

	"amux.dev/amux/ui/safetext"
)

type runStartedMsg struct {
	wsID, session string
	err           error
}

// startRunScript hosts the selected workspace's run script in a new run
// session; the next load shows it as a tab.
func (m *Model) startRunScript() tea.Cmd {
	id := m.selectedWorkspaceID()
	eng := m.deps.Engine
	return tea.Batch(m.say(levelInfo, "starting the run script…"), func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), sessionTimeout)
		defer cancel()
		rs, err := eng.StartRun(ctx, id)
		return runStartedMsg{id, rs.Name, err}
	})
}

// onRunStarted reloads so the run session becomes a tab, then shows it.
func (m *Model) onRunStarted(msg runStartedMsg) tea.Cmd {
	if errors.Is(msg.err, workspace.ErrUntrusted) {
		return m.say(levelError, "the run script comes from the repository and waits for your approval: press "+
			m.keyName(actStatus)+", then "+m.keyName(actApproveScripts))
	}
	if msg.err != nil {
		return m.say(levelError, "run script: "+msg.err.Error())
	}
	m.pendingTab = "run:" + msg.session
	return tea.Batch(m.load(), m.say(levelInfo, "run script started in "+msg.session))
}

// showPendingTab makes a tab that a load just discovered the shown one.
func (m *Model) showPendingTab() tea.Cmd {
	if m.pendingTab == "" {
		return nil
	}
	for wsID, wt := range m.tabs {
		if i := wt.indexOf(m.pendingTab); i >= 0 {
			m.pendingTab = ""
			wt.active = i
			m.dash.SelectWorkspace(wsID)
			return m.setFocus(focusCenter)
		}
	}
	return nil
}

// scriptOutputOverlay shows the captured output of a workspace's lifecycle
// scripts, one at a time, scrollable.
type scriptOutputOverlay struct {
	id, name string
	kinds    []string
	current  int
	lines    []string
	offset   int
	err      string
}

type scriptOutputMsg struct {
	kind string
	text string
	err  error
}

func (m *Model) openScriptOutput() tea.Cmd {
	w, ok := m.dash.SelectedWorkspace()
	if !ok {
		return nil
	}
	o := &scriptOutputOverlay{id: w.ID, name: w.Name, kinds: []string{"setup-workspace", "run", "archive", "on-done"}}
	m.overlay = o
	return o.read(m)
}

// step shows the next (1) or previous (-1) script's output.
func (o *scriptOutputOverlay) step(m *Model, by int) tea.Cmd {
	o.current = (o.current + len(o.kinds) + by) % len(o.kinds)
	return o.read(m)
}

func (o *scriptOutputOverlay) read(m *Model) tea.Cmd {
	eng, id, kind := m.deps.Engine, o.id, o.kinds[o.current]
	return func() tea.Msg {
		text, err := eng.ScriptOutput(id, workspace.ScriptKind(kind), 256<<10)
		return scriptOutputMsg{kind, text, err}
	}
}

func (o *scriptOutputOverlay) update(m *Model, msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case scriptOutputMsg:
		if msg.kind != o.kinds[o.current] {
			return nil
		}
		o.err = ""
		if msg.err != nil {
			o.err = errText(msg.err)
		}
		o.lines = splitLines(msg.text)
		o.offset = 1 << 30 // newest at the bottom, like a terminal
		return nil
	case tea.KeyPressMsg:
		if cmd, ok := m.matchDialog(msg, scopeOutput); ok {
			return cmd
		}
		scrollKey(m.km, &o.offset, msg.String(), 15)
	}
	return nil
}

func (o *scriptOutputOverlay) view(m *Model, w, h int) string {
	th := m.th
	inner := w - 6
	rows := max(3, h-9)
	o.offset = max(0, min(o.offset, len(o.lines)-rows))
	var b []string
	tabs := ""
	for i, k := range o.kinds {
		if i == o.current {
			tabs += th.SelectedStyle().Render(" "+k+" ") + " "
		} else {
			tabs += th.MutedStyle().Render(" "+k+" ") + " "
		}
	}
	b = append(b, th.AccentStyle().Render("Script output — "+o.name), tabs, "")
	switch {
	case o.err != "":
		b = append(b, th.ErrorStyle().Render(o.err))
	case len(o.lines) == 0:
		b = append(b, th.MutedStyle().Render("nothing captured yet"))
	default:
		end := min(len(o.lines), o.offset+rows)
		for _, l := range o.lines[o.offset:end] {
			b = append(b, fit(th.TextStyle().Render(l), inner))
		}
	}
	km := m.km
	scroll := km.First(keys.ViewUp) + "/" + km.First(keys.ViewDown) + " " + km.First(keys.ViewPageUp) + "/" + km.First(keys.ViewPageDown) +
		" " + km.First(keys.ViewTop) + "/" + km.First(keys.ViewBottom) + ": scroll"
	b = append(b, "", th.MutedStyle().Render(fit(km.First(actNextOutput)+": next script · "+scroll+" · "+
		km.First(actReloadOutput)+": reload · "+km.First(actCloseOutput)+": close", inner)))
	return th.Panel(true).Padding(1, 2).Width(w).Render(strings.Join(b, "\n"))
}

// splitLines turns captured output into display lines.
func splitLines(s string) []string {
	s = strings.TrimRight(s, "\n")
	if s == "" {
		return nil
	}
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = safetext.Line(l)
	}
	return lines
}
