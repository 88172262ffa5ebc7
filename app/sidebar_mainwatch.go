package app

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/workspace"
)

// While the shown workspace's merge is stopped in the project's main
// checkout, that checkout is watched too: a conflict resolved and staged,
// or the merge committed or aborted, by hand in a terminal refreshes
// Changes and the row as the worktree's own changes do, with no refresh
// key. The watcher stops when the merge is over or the sidebar moves on.

// mainWatch is that watcher's state.
type mainWatch struct {
	ws       string // the workspace it watches for ("" when none)
	gen      int    // bumped per start and stop: a late start is closed
	watcher  workspace.ChangeWatch
	starting bool
}

type mainWatchMsg struct {
	ws  string
	gen int
	w   workspace.ChangeWatch
	err error
}

type mainChangedMsg struct {
	ws  string
	gen int
}

// syncMainWatch starts the main checkout's watcher when the shown
// workspace's merge is stopped, and stops it when it is not.
func (s *sidebarOwner) syncMainWatch() tea.Cmd {
	ws := s.ws
	want := ws != "" && s.landings[ws].How == "merge"
	w := &s.main
	switch {
	case want && w.ws == ws && (w.watcher != nil || w.starting):
		return nil
	case !want:
		s.stopMainWatch()
		return nil
	}
	s.stopMainWatch()
	w.ws, w.starting = ws, true
	gen, stat := w.gen, s.deps.svc(ws).Status
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		tw, err := stat.WatchMain(ctx, ws)
		return mainWatchMsg{ws: ws, gen: gen, w: tw, err: err}
	}
}

// stopMainWatch closes the main checkout's watcher, if any.
func (s *sidebarOwner) stopMainWatch() {
	w := &s.main
	if w.watcher != nil {
		w.watcher.Close()
	}
	*w = mainWatch{gen: w.gen + 1}
}

func (s *sidebarOwner) onMainWatch(msg mainWatchMsg) (tea.Cmd, modal.Outcome) {
	w := &s.main
	if msg.gen != w.gen || msg.ws != w.ws {
		if msg.w != nil {
			msg.w.Close() // stopped or moved on meanwhile
		}
		return nil, modal.Outcome{}
	}
	w.starting = false
	if msg.err != nil {
		return nil, modal.Outcome{SayLevel: modal.LevelWarn,
			Say: "the main checkout is not watched: " + msg.err.Error() + " (" + s.deps.km.First(actRefresh) + " refreshes)"}
	}
	w.watcher = msg.w
	return tea.Batch(s.refresh(), waitMainChange(msg.ws, msg.gen, msg.w)), modal.Outcome{}
}

func waitMainChange(ws string, gen int, w workspace.ChangeWatch) tea.Cmd {
	return func() tea.Msg {
		if _, ok := <-w.Changed(); !ok {
			return nil
		}
		return mainChangedMsg{ws: ws, gen: gen}
	}
}

func (s *sidebarOwner) onMainChanged(msg mainChangedMsg) tea.Cmd {
	w := &s.main
	if msg.gen != w.gen || w.watcher == nil || msg.ws != s.ws {
		return nil
	}
	return tea.Batch(s.refresh(), waitMainChange(msg.ws, msg.gen, w.watcher))
}
