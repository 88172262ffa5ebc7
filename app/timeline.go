package app

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/dialogs"
	"amux.dev/amux/status/events"
	"amux.dev/amux/ui/safetext"
	"amux.dev/amux/ui/theme"
)

// timelineSpan is how far back the timeline looks.
const timelineSpan = time.Hour

// timelineRead reads workspace id's last hour from d's history off the
// update loop, naming the tabs open now (wt's) by their labels.
func timelineRead(d Deps, th theme.Theme, id string, wt *workspaceTabs) func() tea.Msg {
	log, zone, now := d.History, d.Zone, d.Now
	// A tab that is open is named by its label, not its session name.
	labels := map[string]string{}
	if wt != nil {
		for _, t := range wt.tabs {
			labels[t.session] = t.label()
		}
	}
	return func() tea.Msg {
		if log == nil {
			return dialogs.LinesMsg{Lines: []string{"no history is kept"}}
		}
		recs, err := log.Since(now().Add(-timelineSpan), func(r events.Record) bool { return r.Workspace == id })
		var lines []string
		for _, r := range recs {
			l, ok := labels[r.Session]
			if !ok && r.Type != "" {
				l, ok = "a closed "+r.Type+" tab", true // its label went with it
			}
			line := r.Line(zone)
			if ok {
				line = r.Transition(zone)
				line = line[:9] + l + " · " + line[9:] // after "15:04:05 "
			}
			lines = append(lines, th.TextStyle().Render(safetext.Line(line)))
		}
		if len(lines) == 0 {
			lines = append(lines, th.MutedStyle().Render("no state changed in the last hour"))
		}
		if err != nil {
			lines = append(lines, th.ErrorStyle().Render(safetext.Line(err.Error())))
		}
		return dialogs.LinesMsg{Lines: lines}
	}
}

// tabHistory reads a session's last transitions, for the status dialog.
func tabHistory(log *events.Log, session string, n int) []events.Record {
	if log == nil || session == "" {
		return nil
	}
	recs, _ := log.Tail(session, n)
	return recs
}
