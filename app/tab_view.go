package app

import (
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"amux.dev/amux/status/agentstate"
)

// tabBar is the tab bar of the selected workspace, w cells wide: every
// tab's label and state glyph, then what the shown tab needs to say.
func (m *Model) tabBar(wt *workspaceTabs, w int) string {
	th := m.th
	var bar strings.Builder
	for i, t := range wt.tabs {
		label := tabLabel(i, t)
		style := th.MutedStyle()
		if i == wt.active {
			style = th.SelectedStyle().Bold(true)
		}
		if g, gs := m.stateGlyph(t); g != "" {
			bar.WriteString(gs.Render(g))
		}
		bar.WriteString(style.Render(label))
		bar.WriteString(" ")
	}
	t := wt.current()
	bar.WriteString(m.tabStatus(t))
	return fit(bar.String(), w)
}

// detachedBody is what a tab without a live view shows under the bar: its
// last screen, faint, with a note over its top line (why it is not live,
// or how to attach). A live view draws its own cells instead (draw.go).
func (m *Model) detachedBody(t *tab) string {
	th := m.th
	var body string
	if t.lastFrame != "" {
		body = lipgloss.NewStyle().Faint(true).Render(t.lastFrame)
	}
	note := ""
	switch {
	case t.err != "":
		note = th.ErrorStyle().Render(t.err)
	case t.attaching:
		note = th.MutedStyle().Render(m.spin.View() + " attaching to " + t.session + "…")
	default:
		note = th.MutedStyle().Render("enter or tab: attach to " + t.session)
	}
	if body == "" {
		return note
	}
	rest := strings.SplitN(body, "\n", 2)
	if len(rest) == 2 {
		return note + "\n" + rest[1]
	}
	return note
}

// cursor places the real terminal cursor where the focused terminal's
// program put it, so IMEs and screen readers follow the agent's input.
func (m *Model) cursor() *tea.Cursor {
	if m.overlay != nil || m.filter != nil {
		return nil
	}
	t, live := m.focusedTerminal()
	if !live {
		return nil
	}
	c := t.view.Cursor()
	if c == nil {
		return nil
	}
	x, y := m.termOrigin()
	if m.focus == focusSidebar {
		x, y = m.sideTermOrigin()
	}
	c.X += x
	c.Y += y
	return c
}

// stateGlyph is a tab's agent-state marker in the tab bar.
func (m *Model) stateGlyph(t *tab) (string, lipgloss.Style) {
	th := m.th
	switch t.state.State {
	case agentstate.Working:
		return m.spin.View(), th.Style(th.Working)
	case agentstate.Blocked:
		return "◆", th.Style(th.Blocked)
	case agentstate.Error:
		return "✗" + exitSuffix(t.state), th.Style(th.Error)
	case agentstate.Stopped:
		return "■" + exitSuffix(t.state), th.Style(th.Error)
	case agentstate.Running:
		return "▶", th.Style(th.Working)
	case agentstate.Done:
		if t.attention {
			return "✓", th.Style(th.Done)
		}
	}
	return "", lipgloss.Style{}
}

// exitSuffix is a state's exit status as the glyph shows it ("3"), or "".
func exitSuffix(r agentstate.Result) string {
	if !r.HasExit || (r.State != agentstate.Stopped && r.Exit == 0) {
		return ""
	}
	return strconv.Itoa(r.Exit)
}

// tabStatus is what the tab bar says after the tabs about the shown one:
// an exited program with its status and what can be done about it, a
// blocked agent's question, a long-lived run, a first task that was not
// confirmed. Key names come from the registry.
func (m *Model) tabStatus(t *tab) string {
	th := m.th
	var parts []string
	switch t.state.State {
	case agentstate.Stopped:
		s := " ■ " + stateLine(t.state) + " · " + m.keyName(actRestartTab) + " restart"
		if _, ok := m.shownResumable(); ok {
			s += " · " + m.keyName(actResumeTab) + " resume"
		}
		parts = append(parts, th.Style(th.Error).Render(s+" · "+m.keyName(actCloseTab)+" close"))
	case agentstate.Blocked:
		parts = append(parts, th.Style(th.Blocked).Render(" ◆ "+stateLine(t.state)))
	case agentstate.Running:
		parts = append(parts, th.MutedStyle().Render(" ▶ running"))
	case agentstate.Error:
		parts = append(parts, th.Style(th.Error).Render(" ✗ "+stateLine(t.state)))
	}
	if t.delivery != "" {
		parts = append(parts, th.Style(th.Warning).Render(" · first task "+t.delivery))
	}
	return strings.Join(parts, "")
}

// tabLabel is tab i's text in the tab bar (its state glyph, drawn before
// it, is one cell when present).
func tabLabel(i int, t *tab) string {
	return " " + strconv.Itoa(i+1) + " " + t.label() + " "
}

// tabAt returns the index of the tab whose label is at column x of the tab
// bar (0 = the bar's first cell), laid out exactly as tabBar draws it.
func (m *Model) tabAt(x int) (int, bool) {
	wt := m.tabs[m.selectedWorkspaceID()]
	if wt == nil {
		return 0, false
	}
	pos := 0
	for i, t := range wt.tabs {
		w := lipgloss.Width(tabLabel(i, t)) + 1 // the separating space
		if g, _ := m.stateGlyph(t); g != "" {
			w += lipgloss.Width(g)
		}
		if x >= pos && x < pos+w {
			return i, true
		}
		pos += w
	}
	return 0, false
}
