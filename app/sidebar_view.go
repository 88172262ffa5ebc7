package app

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/ui/theme"
)

// parts are what the sidebar shows: its tabs (for the top edge), and the
// active tab's component as text, or the live sidebar terminal whose cells
// are drawn instead (draw.go). th and spin are the root's live theme and
// spinner frame.
func (s *sidebarOwner) parts(th theme.Theme, spin string) (title, content string, live *tab) {
	var names []string
	for t := range sideTabCount {
		name := sideTabNames[t]
		if t == s.tab {
			name = "[" + name + "]"
		}
		names = append(names, name)
	}
	title = strings.Join(names, " ")
	switch s.tab {
	case sideChanges:
		content = s.changes.View()
	case sideProject:
		content = s.tree.View()
	case sideTerminal:
		if t := s.term(); t != nil && t.view != nil {
			return title, "", t
		}
		content = th.MutedStyle().Render(spin + " starting a shell…")
	}
	return title, content, nil
}

// setSize fits the sidebar's components and its terminal to the inside of
// its frame; the command is the terminal's resize.
func (s *sidebarOwner) setSize(env sideEnv) tea.Cmd {
	if env.width == 0 {
		return nil
	}
	s.changes.SetSize(env.w, env.h)
	s.tree.SetSize(env.w, env.h)
	if t := s.term(); t != nil && t.view != nil {
		t.view.SetOrigin(env.x, env.y)
		return t.view.SetSize(env.w, env.h)
	}
	return nil
}

// key hands a key (or the wheel) to the active tab's component.
func (s *sidebarOwner) key(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	switch s.tab {
	case sideChanges:
		s.changes, cmd = s.changes.Update(msg)
	case sideProject:
		s.tree, cmd = s.tree.Update(msg)
	}
	return cmd
}

// typing reports whether the active tab's component has its filter open:
// every key is typing then.
func (s *sidebarOwner) typing() bool {
	switch s.tab {
	case sideChanges:
		return s.changes.Filtering()
	case sideProject:
		return s.tree.Filtering()
	}
	return false
}

// grab starts a drag of the left edge.
func (s *sidebarOwner) grab() { s.dragging = true }

// dragTo is the left edge dragged to leave width columns: the width holds
// from now on, on any screen. It reports whether a drag is under way.
func (s *sidebarOwner) dragTo(width int) bool {
	if !s.dragging {
		return false
	}
	s.width = max(sideMinWidth, width)
	if s.show == sideAuto {
		s.show = sideShown
	}
	return true
}

// drop ends a drag, reporting whether one was under way.
func (s *sidebarOwner) drop() bool {
	was := s.dragging
	s.dragging = false
	return was
}
