package app

import (
	"strconv"

	"github.com/charmbracelet/x/ansi"

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

// bar draws the shown workspace's tab bar in w cells (ui/tabbar: the
// shown tab stays in sight, hidden ones are counted with their most urgent
// badge), followed by the shown tab's state when it needs saying. The tabs
// come first: the state gets the cells they leave and is cut ("…") to
// them, never a tab for it (the state's reason is also in the tab's body
// and the notice; a hidden tab is a tab a person cannot find).
func (o *tabsOwner) bar(sc tabScene, w int, spin string) (tabbar.Bar, string) {
	wt := o.of(sc.ws)
	if wt == nil || len(wt.tabs) == 0 {
		return tabbar.Bar{}, ""
	}
	tabs := make([]tabbar.Tab, len(wt.tabs))
	for i, t := range wt.tabs {
		tabs[i] = tabbar.Tab{Label: strconv.Itoa(i+1) + " " + t.label(), Badge: tabBadge(t), Spinner: spin,
			Suffix: exitSuffix(t.state)}
	}
	bar := tabbar.Render(sc.th, tabs, wt.active, w)
	msg := o.status(sc, wt.current())
	if msg == "" {
		return bar, ""
	}
	room := w - bar.Used
	if room < minStatusWidth {
		return bar, "" // no room for a useful part of it
	}
	bar = tabbar.Render(sc.th, tabs, wt.active, bar.Used)
	return bar, ansi.Truncate(msg, room, "…")
}

// minStatusWidth is the fewest cells worth giving the tab's state after
// the tabs: fewer would show a glyph and an ellipsis.
const minStatusWidth = 8
