package app

import (
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/dialogs"
	"amux.dev/amux/ui/keys"
)

// Scopes and actions of supervision: the Health overlay, the workspace
// timeline, and resuming tabs.
const (
	scopeHealth   keys.Scope = "health"   // the Health overlay is open
	scopeTimeline keys.Scope = "timeline" // the timeline is open

	actHealth          keys.ActionID = "health"
	actTimeline        keys.ActionID = "timeline"
	actResumeTab       keys.ActionID = "resume-tab"
	actCloseHealth     keys.ActionID = "close-health"
	actRefreshHealth   keys.ActionID = "refresh-health"
	actRepairTaps      keys.ActionID = "repair-taps"
	actCloseTimeline   keys.ActionID = "close-timeline"
	actRefreshTimeline keys.ActionID = "refresh-timeline"
)

// superviseRows are the rows of supervision: opening Health and the
// timeline, resume, and the two overlays' own keys.
func superviseRows(k func(keys.ActionID, keys.Scope, []string, string, string) keys.Action, keyOnly func(keys.Action) keys.Action) []action {
	linesOpen := func(scope keys.Scope) func(*Model) (*dialogs.Lines, bool) {
		return func(m *Model) (*dialogs.Lines, bool) {
			o, ok := m.overlay.(*dialogs.Lines)
			return o, ok && o.In(scope)
		}
	}
	health, timeline := linesOpen(scopeHealth), linesOpen(scopeTimeline)
	closeIt := func(open func(*Model) (*dialogs.Lines, bool)) func(*Model) tea.Cmd {
		return func(m *Model) tea.Cmd {
			if _, ok := open(m); ok {
				m.overlay = nil
			}
			return nil
		}
	}
	// The root reads what a refresh needs now (the monitor's latest
	// sessions, the tabs open) and hands the overlay the read.
	refresh := func(open func(*Model) (*dialogs.Lines, bool), read func(m *Model, o *dialogs.Lines) func() tea.Msg) func(*Model) tea.Cmd {
		return func(m *Model) tea.Cmd {
			if o, ok := open(m); ok {
				return o.Refresh(read(m, o))
			}
			return nil
		}
	}
	return []action{
		{Action: k(actHealth, scopeProjectList, []string{"H"}, "health",
			"Health: tmux, the scan owner, status taps, stuck agents, stale launch payloads, registries — each with its fix"),
			run: func(m *Model) tea.Cmd {
				return m.applyOwned(dialogs.OpenLines(m.modalKit(), m.overlay, "Health", scopeHealth, "", m.watch.healthRead(m.watchScene())))
			}},
		{Action: k(actTimeline, scopeWorkspace, []string{"L"}, "timeline", "The workspace's state changes of the last hour"),
			run: func(m *Model) tea.Cmd {
				w, _ := m.list.selectedWorkspace()
				return m.applyOwned(dialogs.OpenLines(m.modalKit(), m.overlay, "Timeline of "+w.Name+" (last hour)", scopeTimeline, w.ID,
					timelineRead(m.deps, m.th, w.ID, m.tabs.of(w.ID))))
			}, why: whyNoWorkspace},
		{Action: k(actResumeTab, scopeWorkspace, []string{"ctrl+e"}, "resume",
			"Resume: relaunch an exited agent with its resume command, or bring back the tabs a reboot took"),
			run: func(m *Model) tea.Cmd { return m.applyOwned(m.tabs.resume(m.tabScene())) }, why: whyNotResumable},
		{Action: keyOnly(k(actCloseHealth, scopeHealth, []string{"esc", "q", "H"}, "close", "Close Health")),
			run: closeIt(health)},
		{Action: keyOnly(k(actRefreshHealth, scopeHealth, []string{"r"}, "check again", "Run the checks again")),
			run: refresh(health, func(m *Model, _ *dialogs.Lines) func() tea.Msg { return m.watch.healthRead(m.watchScene()) })},
		{Action: keyOnly(k(actRepairTaps, scopeHealth, []string{"t"}, "repair taps",
			"Start a new status tap on each session whose tap is missing or died (the program keeps running)")),
			run: func(m *Model) tea.Cmd {
				if _, ok := health(m); ok {
					return m.applyOwned(m.watch.repairTaps())
				}
				return nil
			}},
		{Action: keyOnly(k(actCloseTimeline, scopeTimeline, []string{"esc", "q", "L"}, "close", "Close the timeline")),
			run: closeIt(timeline)},
		{Action: keyOnly(k(actRefreshTimeline, scopeTimeline, []string{"r"}, "reload", "Read the history again")),
			run: refresh(timeline, func(m *Model, o *dialogs.Lines) func() tea.Msg {
				return timelineRead(m.deps, m.th, o.About(), m.tabs.of(o.About()))
			})},
	}
}
