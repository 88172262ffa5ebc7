package app

import (
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/ui/keys"
	"amux.dev/amux/workspace"
)

// The panes beside the tabs follow one set of rules: each can be hidden
// (b the sidebar, B the project list) and resized (= and - make the
// focused one wider or narrower; a drag of its inner border does too), and
// the choice is saved with the layout (ViewState). z zooms the shown tab to
// the whole screen; moving focus to a pane that is not shown shows it.

// Actions of the layout.
const (
	actToggleList   keys.ActionID = "toggle-list"
	actListWider    keys.ActionID = "list-wider"
	actListNarrower keys.ActionID = "list-narrower"
	actZoom         keys.ActionID = "zoom-tab"
)

// Project list sizes, in columns; the tab area keeps tabAreaMinWidth.
const (
	listMinWidth    = 20
	tabAreaMinWidth = 40
	resizeStep      = 4
)

// listPane is the person's choice for the project list, and the zoom.
type listPane struct {
	width    int // 0: the default for the screen's width
	hidden   bool
	dragging bool // its right border is being dragged
	zoomed   bool // the shown tab has the whole screen
}

// layoutRows are the layout's rows in the action table.
func layoutRows() []action {
	k := func(id keys.ActionID, scope keys.Scope, ks []string, label, help string) keys.Action {
		return keys.Action{ID: id, Scope: scope, Keys: ks, Label: label, Help: help, Palette: true}
	}
	return []action{
		{Action: k(actToggleList, scopeWorkspace, []string{"B"}, "list", "Show or hide the project list (moving focus to it shows it)"),
			run: (*Model).toggleList},
		{Action: k(actListWider, scopeProjectList, []string{"=", "+"}, "wider", "Make the project list wider (or drag its right edge)"),
			run: func(m *Model) tea.Cmd { return m.resizeList(resizeStep) }, why: whyListNotShown},
		{Action: k(actListNarrower, scopeProjectList, []string{"-"}, "narrower", "Make the project list narrower"),
			run: func(m *Model) tea.Cmd { return m.resizeList(-resizeStep) }, why: whyListNotShown},
		{Action: k(actZoom, scopeWorkspace, []string{"z"}, "zoom", "Zoom the shown tab to the whole screen, or back (focus elsewhere also ends it)"),
			run: (*Model).toggleZoom, why: whyNoTab},
	}
}

// listWidth is the project list's width now, 0 when it is not shown.
func (m *Model) listWidth() int {
	if m.listPane.hidden || m.listPane.zoomed {
		return 0
	}
	return m.listShownWidth()
}

// listShownWidth is the list's width once shown again: what a resize of a
// hidden or zoomed-away list starts from.
func (m *Model) listShownWidth() int {
	w := m.listPane.width
	if w == 0 {
		w = min(44, max(30, m.width/4))
	}
	return max(listMinWidth, min(w, m.width-tabAreaMinWidth))
}

// whyListNotShown: a resize acts on the list in sight.
func whyListNotShown(m *Model) string {
	switch {
	case m.listPane.zoomed:
		return "a tab is zoomed (" + m.keyName(actZoom) + " ends it)"
	case m.listPane.hidden:
		return "the project list is hidden (" + m.keyName(actToggleList) + " shows it)"
	}
	return ""
}

// toggleList shows or hides the project list. Hidden, it gives focus to
// the tab area; the choice holds until the next toggle.
func (m *Model) toggleList() tea.Cmd {
	if m.listPane.zoomed {
		m.listPane.zoomed, m.listPane.hidden = false, false
	} else {
		m.listPane.hidden = !m.listPane.hidden
	}
	var focus tea.Cmd
	if m.listPane.hidden && m.focus == focusList {
		focus = m.setFocus(focusTabArea)
	}
	return tea.Batch(focus, m.layoutChanged())
}

func (m *Model) resizeList(d int) tea.Cmd {
	m.listPane.width = max(listMinWidth, m.listShownWidth()+d)
	return m.layoutChanged()
}

// toggleZoom gives the shown tab the whole screen (its PTY resized to it),
// or takes it back. The zoomed tab has focus.
func (m *Model) toggleZoom() tea.Cmd {
	m.listPane.zoomed = !m.listPane.zoomed
	if !m.listPane.zoomed {
		return tea.Batch(m.layoutChanged(), m.say(levelInfo, "zoom ended"))
	}
	focus := m.setFocus(focusTabArea)
	return tea.Batch(focus, m.layoutChanged(), m.say(levelInfo, "zoomed: "+m.zoomWayBack()))
}

// zoomWayBack says how to end the zoom from where the keys are now: a live
// terminal takes z itself, so the way is through the palette.
func (m *Model) zoomWayBack() string {
	if _, live := m.focusedTerminal(); live {
		return m.keyName(actPalette) + " " + m.km.First(keys.ListChoose) + " ends it"
	}
	return m.keyName(actZoom) + " ends it"
}

// unhideFor shows what focus is moving to: the list when it is hidden, the
// panes when a tab is zoomed. It reports whether the layout changed.
func (m *Model) unhideFor(f focusArea) bool {
	changed := false
	if f != focusTabArea && m.listPane.zoomed {
		m.listPane.zoomed, changed = false, true
	}
	if f == focusList && m.listPane.hidden {
		m.listPane.hidden, changed = false, true
	}
	return changed
}

// layoutChanged resizes what the layout holds and saves the layout.
func (m *Model) layoutChanged() tea.Cmd {
	return tea.Batch(m.resizeViews(), m.syncSidebar(), m.saveViewState())
}

// listMouse handles a drag of the project list's right border. It reports
// whether the message was its.
func (m *Model) listMouse(msg tea.MouseMsg, l layout) (tea.Cmd, bool) {
	mouse := msg.Mouse()
	switch msg.(type) {
	case tea.MouseClickMsg:
		if l.dashWidth == 0 || mouse.X != l.dashWidth-1 || mouse.Y >= l.bodyHeight {
			return nil, false
		}
		m.listPane.dragging = true
		return nil, true
	case tea.MouseMotionMsg:
		if !m.listPane.dragging {
			return nil, false
		}
		m.listPane.width = max(listMinWidth, mouse.X+1)
		return m.resizeViews(), true
	case tea.MouseReleaseMsg:
		if !m.listPane.dragging {
			return nil, false
		}
		m.listPane.dragging = false
		return m.layoutChanged(), true
	}
	return nil, false
}

// putLayout and takeLayout move the panes' sizes in and out of the saved
// layout. The sidebar's auto (shown on wide screens) is a zero width.
func (m *Model) putLayout(v *workspace.ViewState) {
	v.ListWidth, v.ListHidden = m.listPane.width, m.listPane.hidden
	v.SidebarWidth, v.SidebarHidden = m.side.width, m.side.show == sideHidden
	if m.side.show == sideShown && v.SidebarWidth == 0 {
		v.SidebarWidth = sideDefaultWidth
	}
}

func (m *Model) takeLayout(v workspace.ViewState) {
	m.listPane.width, m.listPane.hidden = max(0, v.ListWidth), v.ListHidden
	m.side.width = max(0, v.SidebarWidth)
	switch {
	case v.SidebarHidden:
		m.side.show = sideHidden
	case v.SidebarWidth > 0:
		m.side.show = sideShown
	}
}

func sameLayout(a, b workspace.ViewState) bool {
	return a.ListWidth == b.ListWidth && a.ListHidden == b.ListHidden &&
		a.SidebarWidth == b.SidebarWidth && a.SidebarHidden == b.SidebarHidden
}
