package app

import (
	"sort"
	"strings"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/lifecycle"
	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/paint"
	"amux.dev/amux/tmux"
)

// openTeardown opens the delete (or shelve) dialog of the selected
// workspace with what the root knows of it: its record, and the sessions
// it would end.
func openTeardown(list *listOwner, tabs *tabsOwner, life *lifecycle.Owner, kit modal.Kit, shelve bool) (tea.Cmd, modal.Outcome) {
	w, ok := list.selectedWorkspace()
	if !ok {
		return nil, modal.Outcome{}
	}
	rec, _ := list.record(w.ID)
	return life.OpenTeardown(kit, w.ID, w.Name, rec, sessionsOf(list.snap.Sessions, tabs, w.ID), shelve)
}

// sessionsOf names every session of workspace id a delete or shelve ends —
// agents, terminals, run sessions — as the last load saw them, so the
// confirmation says exactly what stops ("its sessions: claude (agent),
// shell (terminal), the run script"); tabs name the ones open as tabs.
func sessionsOf(sessions []tmux.SessionInfo, tabs *tabsOwner, id string) string {
	var names []string
	for _, s := range sessions {
		if !s.Managed || s.Workspace != id {
			continue
		}
		what := s.Assistant
		if t := tabs.find(id, s.Tab); t != nil && t.title != "" {
			what = t.title
		}
		switch s.Type {
		case tmux.TypeRun:
			names = append(names, "the run script")
		case tmux.TypeTerminal:
			names = append(names, paint.NoticeLine(orWord(what, "shell"))+" (terminal)")
		default:
			names = append(names, paint.NoticeLine(orWord(what, "agent"))+" (agent)")
		}
	}
	if len(names) == 0 {
		return "no sessions (none is running)"
	}
	sort.Strings(names)
	if len(names) == 1 {
		return "its one session: " + names[0]
	}
	return "its " + paint.Plural(len(names), "session") + ": " + strings.Join(names, ", ")
}

func orWord(s, word string) string {
	if strings.TrimSpace(s) == "" {
		return word
	}
	return s
}
