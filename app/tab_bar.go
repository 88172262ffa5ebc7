package app

import (
	"strconv"

	"charm.land/lipgloss/v2"

	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/ui/badge"
	"amux.dev/amux/ui/tabbar"
)

// tabBadge is a tab's state mark (ui/badge), as the bar and its overflow
// count show it.
func tabBadge(t *tab) badge.Kind {
	switch t.state.State {
	case agentstate.Working:
		return badge.Working
	case agentstate.Blocked:
		return badge.Blocked
	case agentstate.Error:
		return badge.Error
	case agentstate.Stopped:
		return badge.Stopped
	case agentstate.Running:
		return badge.Running
	case agentstate.Done:
		if t.attention {
			return badge.Done
		}
	}
	return badge.Idle
}

// drawTabBar draws the shown workspace's tab bar in w cells (ui/tabbar: the
// shown tab stays in sight, hidden ones are counted with their most urgent
// badge), followed by the shown tab's state when it needs saying.
func (m *Model) drawTabBar(w int) (tabbar.Bar, string) {
	wt := m.tabs[m.selectedWorkspaceID()]
	if wt == nil || len(wt.tabs) == 0 {
		return tabbar.Bar{}, ""
	}
	tabs := make([]tabbar.Tab, len(wt.tabs))
	for i, t := range wt.tabs {
		tabs[i] = tabbar.Tab{Label: strconv.Itoa(i+1) + " " + t.label(), Badge: tabBadge(t), Spinner: m.spin.View(),
			Suffix: exitSuffix(t.state)}
	}
	msg := m.tabStatus(wt.current())
	bar := tabbar.Render(m.th, tabs, wt.active, w)
	mw := lipgloss.Width(msg)
	switch {
	case mw == 0:
	case bar.Used+mw <= w && bar.HiddenLeft+bar.HiddenRight == 0:
		// Everything fits: the state follows the tabs.
		bar = tabbar.Render(m.th, tabs, wt.active, bar.Used)
	default:
		// The state is what the person needs: the bar keeps room for the
		// shown tab (and the overflow marks), the state takes the rest.
		bar = tabbar.Render(m.th, tabs, wt.active, min(bar.Used, max(w-mw, activeWidth(tabs, wt.active)+8)))
	}
	return bar, msg
}

// tabAt returns the index of the tab drawn at column x of the tab bar
// (0 = the bar's first cell), from the same drawing as renderTabs.
func (m *Model) tabAt(x int) (int, bool) {
	bar, _ := m.drawTabBar(m.layout().centerInner(m.width).Dx())
	return bar.At(x)
}

// activeWidth is the cells the shown tab's own cell takes.
func activeWidth(tabs []tabbar.Tab, active int) int {
	return lipgloss.Width(tabs[active].Label) + lipgloss.Width(tabs[active].Suffix) + 4
}
