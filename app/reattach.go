package app

import (
	"sort"
	"strconv"
	"strings"

	"amux.dev/amux/tmux"
	"amux.dev/amux/ui/safetext"
)

// reconcileTabs brings the tab lists in line with the live sessions after a
// load: a tagged session we own and do not show yet becomes a tab (on start
// this is the reattach — names are never regenerated, tabs are rebound by
// their @amux_tab tag); a detached tab whose session is gone is dropped.
// Order follows the workspace record's saved tabs, then creation time.
func (o *tabsOwner) reconcile(sc tabScene) {
	live := map[string]map[string]tmux.SessionInfo{} // workspace → tab ID → session
	for _, s := range sc.snap.Sessions {
		if s.Type == tmux.TypeRun {
			// Run sessions have no @amux_tab: their name is their identity.
			s.Tab = "run:" + s.Name
		}
		if s.Tab == "" || s.Tab == sideTermTab || (s.Type != tmux.TypeAgent && s.Type != tmux.TypeTerminal && s.Type != tmux.TypeRun) {
			continue
		}
		if safetext.Line(s.Name) != s.Name {
			// Not a name amux makes (its names are [a-z0-9_-]), and a tab's
			// session name is drawn as it is: leave such a session alone.
			continue
		}
		if _, known := sc.record(s.Workspace); !known || tmux.Owns(s, s.Workspace) != tmux.SessionOwnedByAmux {
			continue
		}
		if live[s.Workspace] == nil {
			live[s.Workspace] = map[string]tmux.SessionInfo{}
		}
		live[s.Workspace][s.Tab] = s
	}
	for wsID, wt := range o.tabSet {
		kept := wt.tabs[:0]
		for _, t := range wt.tabs {
			_, alive := live[wsID][t.id]
			if alive || t.view != nil || t.attaching {
				kept = append(kept, t)
			}
		}
		wt.tabs = kept
		if wt.active >= len(wt.tabs) {
			wt.active = max(0, len(wt.tabs)-1)
		}
	}
	for wsID, sessions := range live {
		rec, _ := sc.record(wsID)
		order := map[string]int{}
		titles := sc.snap.Shown.Records[wsID].Tabs
		for i, saved := range rec.Tabs {
			order[saved.ID] = i
		}
		var fresh []*tab
		wt := o.ensure(wsID)
		for id, s := range sessions {
			if wt.indexOf(id) >= 0 {
				continue
			}
			created, _ := strconv.ParseInt(s.CreatedAt, 10, 64)
			// The assistant tag is drawn as the tab's label: its display
			// copy is taken (a name that needs one matches no config entry).
			t := &tab{exitCode: -1, id: id, session: s.Name, kind: s.Type, assistant: safetext.Line(s.Assistant),
				title: titles[id], created: created, taskSent: true, state: sc.knownState(s.Name)}
			if s.Type == tmux.TypeRun {
				t.title = runTitle(s.Name)
			}
			fresh = append(fresh, t)
		}
		sort.Slice(fresh, func(i, j int) bool {
			oi, iok := order[fresh[i].id]
			oj, jok := order[fresh[j].id]
			switch {
			case iok && jok:
				return oi < oj
			case iok != jok:
				return iok
			}
			return fresh[i].created < fresh[j].created
		})
		wt.tabs = append(wt.tabs, fresh...)
	}
}

// runTitle names a run session's tab: "run", "run 2"…
func runTitle(session string) string {
	if i := strings.LastIndex(session, "-run-"); i >= 0 {
		return "run " + session[i+len("-run-"):]
	}
	return "run"
}
