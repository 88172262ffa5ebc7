package app

import (
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"amux.dev/amux/app/paint"
	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/ui/theme"
)

// tabBar is the tab bar of the selected workspace, w cells wide: the
// tabs (ui/tabbar, overflow counted), then what the shown tab needs to say.
func (m painter) tabBar(_ *workspaceTabs, w int) string {
	bar, msg := m.tabs.bar(m.tabSc, w, m.spin)
	return paint.Fit(bar.Line+msg, w)
}

// detachedBody is what a tab without a live view shows under the bar: its
// last screen, faint, with a note over its top line (why it is not live,
// or how to attach; spin is the spinner's frame). A live view draws its
// own cells instead (draw.go).
func detachedBody(th theme.Theme, t *tab, spin string) string {
	var body string
	if t.lastFrame != "" {
		body = lipgloss.NewStyle().Faint(true).Render(t.lastFrame)
	}
	note := ""
	switch {
	case t.err != "":
		note = th.ErrorStyle().Render(t.err)
	case t.attaching:
		note = th.MutedStyle().Render(spin + " attaching to " + t.session + "…")
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
func (m painter) cursor() *tea.Cursor {
	if m.overlay != nil || m.list.typing() {
		return nil
	}
	t := m.entered
	if t == nil {
		return nil
	}
	c := t.view.Cursor()
	if c == nil {
		return nil
	}
	x, y := m.l.termOrigin(m.w)
	if m.focus == focusSidebar {
		x, y = m.sideEnv.origin()
	}
	c.X += x
	c.Y += y
	return c
}

// exitSuffix is a state's exit status as the glyph shows it ("3"), or "".
func exitSuffix(r agentstate.Result) string {
	if !r.HasExit || (r.State != agentstate.Stopped && r.Exit == 0) {
		return ""
	}
	return strconv.Itoa(r.Exit)
}

// status is what the tab bar says after the tabs about the shown one:
// an exited program with its status and what can be done about it, a
// blocked agent's question, a long-lived run, a first task that was not
// confirmed. Key names come from the registry.
func (o *tabsOwner) status(sc tabScene, t *tab) string {
	th, keyName := sc.th, o.d.km.First
	var parts []string
	switch t.state.State {
	case agentstate.Stopped:
		s := " ■ " + stateLine(t.state) + " · " + keyName(actRestartTab) + " restart"
		if _, ok := o.shownResumable(sc); ok {
			s += " · " + keyName(actResumeTab) + " resume"
		}
		parts = append(parts, th.Style(th.Error).Render(s+" · "+keyName(actCloseTab)+" close"))
	case agentstate.Blocked:
		parts = append(parts, th.Style(th.Blocked).Render(" ◆ "+stateLine(t.state)))
	case agentstate.Running:
		parts = append(parts, th.MutedStyle().Render(" ▶ running"))
	case agentstate.Error:
		parts = append(parts, th.Style(th.Error).Render(" ✗ "+stateLine(t.state)))
	case agentstate.Done:
		if t.state.HasExit { // a terminal tab's command: its code, 0 too
			parts = append(parts, th.Style(th.Done).Render(" ✓ "+stateLine(t.state)))
		}
	}
	if line := o.downLine(t); line != "" { // its host is down: its last screen is not live
		parts = append(parts, th.Style(th.Warning).Render(" · "+line))
	}
	if t.delivery != "" {
		parts = append(parts, th.Style(th.Warning).Render(" · first task "+t.delivery))
	}
	// Tabs a reboot took are news beside open ones too.
	if n := len(o.lostTabs(sc.ws, sc)); n > 0 {
		parts = append(parts, th.Style(th.Warning).Render(" · "+paint.LostTabsLine(n)+": "+
			keyName(actResumeTab)+" brings them back"))
	}
	return strings.Join(parts, "")
}
