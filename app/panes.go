package app

import (
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
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
			run: func(m *Model) tea.Cmd { return m.applyPanes(m.listPane.toggle(m.focus)) }},
		{Action: k(actListWider, scopeProjectList, []string{"=", "+"}, "wider", "Make the project list wider (or drag its right edge)"),
			run: func(m *Model) tea.Cmd {
				return m.applyPanes(m.listPane.resize(m.panes().listShownWidth() + resizeStep))
			}, why: whyListNotShown},
		{Action: k(actListNarrower, scopeProjectList, []string{"-"}, "narrower", "Make the project list narrower"),
			run: func(m *Model) tea.Cmd {
				return m.applyPanes(m.listPane.resize(m.panes().listShownWidth() - resizeStep))
			}, why: whyListNotShown},
		{Action: k(actZoom, scopeWorkspace, []string{"z"}, "zoom", "Zoom the shown tab to the whole screen, or back (focus elsewhere also ends it)"),
			run: func(m *Model) tea.Cmd { return m.applyPanes(m.listPane.toggleZoom()) }, why: whyNoTab},
	}
}

// paneRules are the panes' width rules for the screen now: the list's
// choice and the zoom (listPane), the sidebar's choice (its owner), the
// screen's width, and the workspace the sidebar can show. Model.panes
// builds them; the layout and the resizes read them.
type paneRules struct {
	list   listPane
	side   *sidebarOwner
	sideWS string // the selected workspace with a worktree, "" for none
	width  int    // the screen's
}

// panes are the width rules as they apply now.
func (m *Model) panes() paneRules {
	return paneRules{list: m.listPane, side: &m.side, sideWS: m.list.sideWorkspace(), width: m.width}
}

// listWidth is the project list's width now, 0 when it is not shown.
func (r paneRules) listWidth() int {
	if r.list.hidden || r.list.zoomed {
		return 0
	}
	return r.listShownWidth()
}

// listShownWidth is the list's width once shown again: what a resize of a
// hidden or zoomed-away list starts from.
func (r paneRules) listShownWidth() int {
	w := r.list.width
	if w == 0 {
		w = min(44, max(30, r.width/4))
	}
	return max(listMinWidth, min(w, r.width-tabAreaMinWidth))
}

// sideWidth is the sidebar's width now, 0 when it is not shown.
func (r paneRules) sideWidth() int {
	if r.list.zoomed {
		return 0
	}
	return r.sideUnzoomedWidth()
}

// sideUnzoomedWidth is the sidebar's width once a zoom ends: what its focus
// key (which ends the zoom) and a resize behind a zoom go by.
func (r paneRules) sideUnzoomedWidth() int {
	list := 0
	if !r.list.hidden {
		list = r.listShownWidth()
	}
	return r.side.widthIn(r.sideWS != "", r.width, r.width-list-tabAreaMinWidth) // the tabs keep room
}

// sideTarget is the workspace the sidebar should show now: none while it
// is not shown (then nothing is watched).
func (r paneRules) sideTarget() string {
	if r.sideWidth() == 0 {
		return ""
	}
	return r.sideWS
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

// paneAsk is what a change of the panes asks of the root, besides the
// layout change itself (Model.applyPanes): the focus to move, a notice.
type paneAsk struct {
	moveFocus bool
	focus     focusArea
	say       string
	zoomed    bool // a zoom began: the notice says how to end it from where the keys are
}

// toggle shows or hides the project list (a zoom ends first). Hidden, it
// gives focus (now focus) to the tab area; the choice holds until the
// next toggle.
func (p *listPane) toggle(focus focusArea) paneAsk {
	if p.zoomed {
		p.zoomed, p.hidden = false, false
	} else {
		p.hidden = !p.hidden
	}
	return paneAsk{moveFocus: p.hidden && focus == focusList, focus: focusTabArea}
}

// resize sets the list's width, at least listMinWidth.
func (p *listPane) resize(width int) paneAsk {
	p.width = max(listMinWidth, width)
	return paneAsk{}
}

// toggleZoom gives the shown tab the whole screen (its PTY resized to it),
// or takes it back. The zoomed tab has focus.
func (p *listPane) toggleZoom() paneAsk {
	p.zoomed = !p.zoomed
	if !p.zoomed {
		return paneAsk{say: "zoom ended"}
	}
	return paneAsk{moveFocus: true, focus: focusTabArea, zoomed: true}
}

// applyPanes carries out what a change of the panes asked: the focus
// first, then the layout change, then the notice.
func (m *Model) applyPanes(a paneAsk) tea.Cmd {
	var cmds []tea.Cmd
	if a.moveFocus {
		cmds = append(cmds, m.setFocus(a.focus))
	}
	cmds = append(cmds, m.layoutChanged())
	say := a.say
	if a.zoomed {
		_, live := m.focusedTerminal()
		say = "zoomed: " + zoomWayBack(m.keyName, m.km, live)
	}
	if say != "" {
		cmds = append(cmds, m.say(modal.LevelInfo, say))
	}
	return tea.Batch(cmds...)
}

// zoomWayBack says how to end the zoom from where the keys are now: a live
// terminal (inTerminal) takes z itself, so the way is through the palette.
func zoomWayBack(keyName func(keys.ActionID) string, km keys.Map, inTerminal bool) string {
	if inTerminal {
		return keyName(actPalette) + " " + km.First(keys.ListChoose) + " ends it"
	}
	return keyName(actZoom) + " ends it"
}

// unhideFor shows what focus is moving to: the list when it is hidden, the
// panes when a tab is zoomed. It reports whether the layout changed.
func (p *listPane) unhideFor(f focusArea) bool {
	changed := false
	if f != focusTabArea && p.zoomed {
		p.zoomed, changed = false, true
	}
	if f == focusList && p.hidden {
		p.hidden, changed = false, true
	}
	return changed
}

// layoutChanged resizes what the layout holds and saves the layout.
func (m *Model) layoutChanged() tea.Cmd {
	return tea.Batch(m.resizeViews(), m.syncSidebar(), m.saveViewState())
}

// paneDrag is what a mouse message did to a border being dragged.
type paneDrag int

const (
	dragGrabbed paneDrag = iota // the drag began: nothing moved yet
	dragMoved                   // the pane has a new width: resize the views
	dragDropped                 // the drag ended: the layout changed
)

// drag handles a drag of the project list's right border in layout l. It
// reports whether the message was its.
func (p *listPane) drag(msg tea.MouseMsg, l layout) (paneDrag, bool) {
	mouse := msg.Mouse()
	switch msg.(type) {
	case tea.MouseClickMsg:
		if l.dashWidth == 0 || mouse.X != l.dashWidth-1 || mouse.Y >= l.bodyHeight {
			return 0, false
		}
		p.dragging = true
		return dragGrabbed, true
	case tea.MouseMotionMsg:
		if !p.dragging {
			return 0, false
		}
		p.width = max(listMinWidth, mouse.X+1)
		return dragMoved, true
	case tea.MouseReleaseMsg:
		if !p.dragging {
			return 0, false
		}
		p.dragging = false
		return dragDropped, true
	}
	return 0, false
}

// put and take move the list's size in and out of the saved layout (the
// sidebar's are its owner's: sidebarOwner.putLayout).
func (p listPane) put(v *workspace.ViewState) { v.ListWidth, v.ListHidden = p.width, p.hidden }

func (p *listPane) take(v workspace.ViewState) { p.width, p.hidden = max(0, v.ListWidth), v.ListHidden }

// putLayout and takeLayout move the sidebar's size in and out of the saved
// layout. Its auto (shown on wide screens) is a zero width.
func (s *sidebarOwner) putLayout(v *workspace.ViewState) {
	v.SidebarWidth, v.SidebarHidden = s.width, s.show == sideHidden
	if s.show == sideShown && v.SidebarWidth == 0 {
		v.SidebarWidth = sideDefaultWidth
	}
}

func (s *sidebarOwner) takeLayout(v workspace.ViewState) {
	s.width = max(0, v.SidebarWidth)
	switch {
	case v.SidebarHidden:
		s.show = sideHidden
	case v.SidebarWidth > 0:
		s.show = sideShown
	}
}

func sameLayout(a, b workspace.ViewState) bool {
	return a.ListWidth == b.ListWidth && a.ListHidden == b.ListHidden &&
		a.SidebarWidth == b.SidebarWidth && a.SidebarHidden == b.SidebarHidden
}
