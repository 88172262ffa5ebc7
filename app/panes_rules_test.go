package app

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/workspace"
)

// The panes' rules are plain values: each case builds the choice, the
// sidebar's owner and the screen width, and reads the widths.
func TestPaneRulesGiveEachPaneItsWidth(t *testing.T) {
	cases := []struct {
		name       string
		list       listPane
		show       sideShow
		sideWS     string
		width      int
		list0      int // listWidth
		listShown  int // listShownWidth
		side0      int // sideWidth
		sideUnzoom int // sideUnzoomedWidth
		target     string
	}{
		{"default at 120, no worktree", listPane{}, sideAuto, "", 120, 30, 30, 0, 0, ""},
		{"default at 160 with a worktree", listPane{}, sideAuto, "w1", 160, 40, 40, sideDefaultWidth, sideDefaultWidth, "w1"},
		{"hidden list keeps its shown width", listPane{hidden: true, width: 50}, sideAuto, "w1", 160, 0, 50, sideDefaultWidth, sideDefaultWidth, "w1"},
		{"zoom hides both, the target goes", listPane{zoomed: true}, sideShown, "w1", 160, 0, 40, 0, sideDefaultWidth, ""},
		{"a wide choice leaves the tabs their room", listPane{width: 200}, sideHidden, "w1", 100, 60, 60, 0, 0, ""},
		{"a narrow choice is at least the minimum", listPane{width: 3}, sideHidden, "", 100, listMinWidth, listMinWidth, 0, 0, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := paneRules{list: c.list, side: &sidebarOwner{show: c.show}, sideWS: c.sideWS, width: c.width}
			if got := r.listWidth(); got != c.list0 {
				t.Errorf("listWidth %d, want %d", got, c.list0)
			}
			if got := r.listShownWidth(); got != c.listShown {
				t.Errorf("listShownWidth %d, want %d", got, c.listShown)
			}
			if got := r.sideWidth(); got != c.side0 {
				t.Errorf("sideWidth %d, want %d", got, c.side0)
			}
			if got := r.sideUnzoomedWidth(); got != c.sideUnzoom {
				t.Errorf("sideUnzoomedWidth %d, want %d", got, c.sideUnzoom)
			}
			if got := r.sideTarget(); got != c.target {
				t.Errorf("sideTarget %q, want %q", got, c.target)
			}
		})
	}
}

// What a change of the list pane asks of the root: the focus to move, the
// notice, a zoom's way back.
func TestListPaneChangesSayWhatTheRootDoes(t *testing.T) {
	cases := []struct {
		name  string
		start listPane
		do    func(p *listPane) paneAsk
		want  listPane
		ask   paneAsk
	}{
		{"hiding from the list moves focus to the tabs", listPane{}, func(p *listPane) paneAsk { return p.toggle(focusList) },
			listPane{hidden: true}, paneAsk{moveFocus: true, focus: focusTabArea}},
		{"hiding from the tabs keeps focus", listPane{}, func(p *listPane) paneAsk { return p.toggle(focusTabArea) },
			listPane{hidden: true}, paneAsk{focus: focusTabArea}},
		{"the toggle behind a zoom ends it and shows the list", listPane{zoomed: true, hidden: true},
			func(p *listPane) paneAsk { return p.toggle(focusTabArea) }, listPane{}, paneAsk{focus: focusTabArea}},
		{"a resize is at least the minimum", listPane{width: 30}, func(p *listPane) paneAsk { return p.resize(5) },
			listPane{width: listMinWidth}, paneAsk{}},
		{"a zoom takes focus to the tab", listPane{}, func(p *listPane) paneAsk { return p.toggleZoom() },
			listPane{zoomed: true}, paneAsk{moveFocus: true, focus: focusTabArea, zoomed: true}},
		{"a zoom's end says so", listPane{zoomed: true}, func(p *listPane) paneAsk { return p.toggleZoom() },
			listPane{}, paneAsk{say: "zoom ended"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := c.start
			if ask := c.do(&p); ask != c.ask {
				t.Errorf("asked %+v, want %+v", ask, c.ask)
			}
			if p != c.want {
				t.Errorf("pane %+v, want %+v", p, c.want)
			}
		})
	}
}

func TestFocusMovingToAHiddenPaneShowsIt(t *testing.T) {
	cases := []struct {
		start   listPane
		to      focusArea
		want    listPane
		changed bool
	}{
		{listPane{hidden: true}, focusList, listPane{}, true},
		{listPane{hidden: true}, focusTabArea, listPane{hidden: true}, false},
		{listPane{zoomed: true}, focusSidebar, listPane{}, true},
		{listPane{zoomed: true}, focusTabArea, listPane{zoomed: true}, false},
		{listPane{zoomed: true, hidden: true}, focusList, listPane{}, true},
	}
	for _, c := range cases {
		p := c.start
		if changed := p.unhideFor(c.to); changed != c.changed || p != c.want {
			t.Errorf("%+v to %d: changed %v, pane %+v; want %v, %+v", c.start, c.to, changed, p, c.changed, c.want)
		}
	}
}

// A drag of the list's right border: grabbed on the border only, moved,
// dropped; other mouse messages are not the pane's.
func TestTheListBorderDragIsThePanes(t *testing.T) {
	l := layout{dashWidth: 30, bodyHeight: 39}
	var p listPane
	if _, ok := p.drag(tea.MouseMotionMsg{X: 40, Y: 5}, l); ok {
		t.Fatal("a motion without a grab was taken")
	}
	if _, ok := p.drag(tea.MouseClickMsg{X: 12, Y: 5}, l); ok {
		t.Fatal("a click inside the list was taken as a grab")
	}
	if d, ok := p.drag(tea.MouseClickMsg{X: 29, Y: 5}, l); !ok || d != dragGrabbed || !p.dragging {
		t.Fatalf("the border click: %v %v %+v", d, ok, p)
	}
	if d, ok := p.drag(tea.MouseMotionMsg{X: 44, Y: 5}, l); !ok || d != dragMoved || p.width != 45 {
		t.Fatalf("the motion: %v %v %+v", d, ok, p)
	}
	if d, ok := p.drag(tea.MouseReleaseMsg{X: 44, Y: 5}, l); !ok || d != dragDropped || p.dragging {
		t.Fatalf("the release: %v %v %+v", d, ok, p)
	}
	if _, ok := p.drag(tea.MouseReleaseMsg{X: 44, Y: 5}, l); ok {
		t.Fatal("a second release was taken")
	}
}

// The saved layout round-trips through the list pane and the sidebar.
func TestThePanesSizesRoundTripThroughTheSavedLayout(t *testing.T) {
	p := listPane{width: 37, hidden: true}
	s := &sidebarOwner{show: sideShown}
	var v workspace.ViewState
	p.put(&v)
	s.putLayout(&v)
	if v.ListWidth != 37 || !v.ListHidden || v.SidebarWidth != sideDefaultWidth || v.SidebarHidden {
		t.Fatalf("put %+v", v)
	}
	var q listPane
	t2 := &sidebarOwner{}
	q.take(v)
	t2.takeLayout(v)
	if q != (listPane{width: 37, hidden: true}) || t2.show != sideShown || t2.width != sideDefaultWidth {
		t.Fatalf("took %+v, sidebar %v/%d", q, t2.show, t2.width)
	}
	hidden := workspace.ViewState{SidebarHidden: true, ListWidth: -4}
	q.take(hidden)
	t2.takeLayout(hidden)
	if q.width != 0 || t2.show != sideHidden {
		t.Fatalf("took %+v, sidebar %v", q, t2.show)
	}
}
