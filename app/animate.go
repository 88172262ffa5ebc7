package app

import (
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/status/agentstate"
)

// animating reports whether anything on screen shows a spinner: what the
// root says is busy (loading, an operation, a dialog waiting on work), an
// attach, or a working agent.
func (o *superviseOwner) animating(sc watchScene) bool {
	if sc.busy {
		return true
	}
	for _, wt := range sc.tabs {
		for _, t := range wt.tabs {
			if t.attaching || t.state.State == agentstate.Working {
				return true
			}
		}
	}
	return false
}

// keepAnimating is tick when something needs the spinner again and no
// tick is scheduled (nil otherwise).
func (o *superviseOwner) keepAnimating(sc watchScene, tick tea.Cmd) tea.Cmd {
	if o.spinning || !o.animating(sc) {
		return nil
	}
	o.spinning = true
	return tick
}

// ticked says whether the spinner's tick that just came should schedule
// another: not once nothing animates, so idle costs no tick and no
// redraw.
func (o *superviseOwner) ticked(sc watchScene) bool {
	o.spinning = o.animating(sc)
	return o.spinning
}

// startTicks is the first tick, with the first wait for the monitor.
func (o *superviseOwner) startTicks(tick tea.Cmd) tea.Cmd {
	o.spinning = true
	return tea.Batch(tick, o.wait())
}
