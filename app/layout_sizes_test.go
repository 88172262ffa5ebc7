package app

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// The layout at each screen size (view.go, panes.go): the list's default
// width, when the sidebar shows itself, the tab area's inner size, and a
// screen that fills the terminal exactly from 80×24 up.

// Each size's panes, by the rules: the list a quarter of the screen
// between 30 and 44 columns, the sidebar (a workspace selected) from 140
// columns at 40, the tab area the rest, its terminal inside the frame and
// under the tab bar.
func TestPaneWidthsAtEachScreenSize(t *testing.T) {
	cases := []struct {
		w, h               int
		list, side         int
		termW, termH       int
		sideShownByDefault bool
	}{
		{80, 24, 30, 0, 48, 20, false},
		{100, 30, 30, 0, 68, 26, false},
		{120, 40, 30, 0, 88, 36, false},
		{139, 40, 34, 0, 103, 36, false},
		{140, 40, 35, 40, 63, 36, true},
		{160, 50, 40, 40, 78, 46, true},
		{176, 50, 44, 40, 90, 46, true},
		{200, 50, 44, 40, 114, 46, true},
		{240, 60, 44, 40, 154, 56, true},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%dx%d", c.w, c.h), func(t *testing.T) {
			m := newTestModel(t, c.w, c.h)
			withTabs(m, 1)
			l := m.layout()
			if l.dashWidth != c.list || l.sideWidth != c.side {
				t.Fatalf("list %d, sidebar %d; want %d, %d", l.dashWidth, l.sideWidth, c.list, c.side)
			}
			if w, h := m.layout().termSize(m.width); w != c.termW || h != c.termH {
				t.Fatalf("terminal area %d×%d, want %d×%d", w, h, c.termW, c.termH)
			}
			if x, y := m.layout().termOrigin(m.width); x != c.list+1 || y != 2 {
				t.Fatalf("terminal origin %d,%d, want %d,2 (inside the frame, under the tab bar)", x, y, c.list+1)
			}
			if got := l.tabArea(c.w).Dx(); got < tabAreaMinWidth {
				t.Fatalf("tab area %d wide, under its minimum %d", got, tabAreaMinWidth)
			}
			if l.bodyHeight != c.h-1 || l.listTop != 1 || l.listHeight != c.h-3 {
				t.Fatalf("body %d, list top %d height %d", l.bodyHeight, l.listTop, l.listHeight)
			}
			frames := strings.Count(rows(m)[0], "╭") + strings.Count(rows(m)[0], "┏")
			if want := 2 + min(1, c.side); frames != want {
				t.Fatalf("%d frames on the top row, want %d:\n%s", frames, want, screenText(m))
			}
		})
	}
}

// The filter field takes the list's first row: the rows under it shrink
// by one, and the field's width is the list's inside.
func TestTheFilterTakesAListRow(t *testing.T) {
	m := newTestModel(t, 120, 40)
	pressAction(t, m, actFilter)
	l := m.layout()
	if l.listTop != 2 || l.listHeight != 40-4 {
		t.Fatalf("filtering: list top %d, height %d", l.listTop, l.listHeight)
	}
	if !strings.HasPrefix(m.painter().focusName(), "list: filter") {
		t.Fatalf("focus name %q while filtering", m.painter().focusName())
	}
}

// At every size from the smallest supported up, the screen is exactly the
// terminal: h rows, none wider than w, the footer last, the notice row
// holding the panels' bottom edges above it.
func TestTheScreenFillsEverySizeExactly(t *testing.T) {
	for w := 80; w <= 240; w += 23 {
		for _, h := range []int{24, 31, 50} {
			for _, tabs := range []int{0, 4} {
				m := newTestModel(t, w, h)
				if tabs > 0 {
					withTabs(m, tabs)
				}
				r := rows(m)
				if len(r) != h {
					t.Fatalf("%d×%d: %d rows", w, h, len(r))
				}
				for i, row := range r {
					if n := len([]rune(row)); n > w {
						t.Fatalf("%d×%d: row %d is %d wide: %q", w, h, i, n, row)
					}
				}
				if !strings.HasPrefix(r[h-2], "┗") && !strings.HasPrefix(r[h-2], "╰") {
					t.Fatalf("%d×%d: row %d is not the bottom edges: %q", w, h, h-2, r[h-2])
				}
				if !strings.HasPrefix(r[h-1], " list ") {
					t.Fatalf("%d×%d: footer %q", w, h, r[h-1])
				}
			}
		}
	}
}

// Below 80×24 the screen says how small it is and what amux needs, the
// agents' windows are not resized for it, and growing back draws the
// layout again.
func TestBelowTheMinimumTheScreenSaysSo(t *testing.T) {
	for _, size := range [][2]int{{79, 24}, {80, 23}, {40, 10}, {1, 1}} {
		m := newTestModel(t, 120, 40)
		withTabs(m, 1)
		_, cmd := m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		s := screenText(m)
		if size[0] >= 30 && !strings.Contains(flat(s), fmt.Sprintf("Terminal too small: %d×%d", size[0], size[1])) {
			t.Fatalf("%v: %s", size, s)
		}
		if strings.Contains(s, "Projects") {
			t.Fatalf("%v: the layout is drawn on a screen too small for it:\n%s", size, s)
		}
		if m.resizeViews() != nil {
			t.Fatalf("%v: the views are resized for a screen nobody sees", size)
		}
		_ = cmd
		m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
		if s := screenText(m); strings.Contains(s, "too small") || !strings.Contains(s, "Projects") {
			t.Fatalf("back to 80×24 from %v:\n%s", size, s)
		}
	}
	m := newTestModel(t, 60, 20)
	if s := flat(screenText(m)); !strings.Contains(s, "amux needs at least 80×24") || !strings.Contains(s, "press q to quit") {
		t.Fatalf("the too-small screen does not say what is needed or how to leave: %s", s)
	}
}

// = and - resize the list in steps, never past the tab area's minimum nor
// under the list's; the tab area follows.
func TestListResizeStopsAtBothLimits(t *testing.T) {
	m := newTestModel(t, 120, 40)
	withTabs(m, 1)
	for range 30 {
		pressAction(t, m, actListWider)
	}
	if m.panes().listWidth() != 120-tabAreaMinWidth {
		t.Fatalf("widest list %d, want %d", m.panes().listWidth(), 120-tabAreaMinWidth)
	}
	if w, _ := m.layout().termSize(m.width); w != tabAreaMinWidth-2 {
		t.Fatalf("tab area inside %d at the widest list", w)
	}
	for range 30 {
		pressAction(t, m, actListNarrower)
	}
	if m.panes().listWidth() != listMinWidth {
		t.Fatalf("narrowest list %d, want %d", m.panes().listWidth(), listMinWidth)
	}
	// A width chosen on a wide screen is kept but fits a narrower one.
	wide := newTestModel(t, 200, 50)
	for range 10 {
		pressAction(t, wide, actListWider)
	}
	chosen := wide.panes().listWidth()
	wide.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	if wide.panes().listWidth() != 100-tabAreaMinWidth {
		t.Fatalf("a %d-column list on 100 columns is %d wide", chosen, wide.panes().listWidth())
	}
	wide.Update(tea.WindowSizeMsg{Width: 200, Height: 50})
	if wide.panes().listWidth() != chosen {
		t.Fatalf("back on 200 columns the list is %d, want the chosen %d", wide.panes().listWidth(), chosen)
	}
}

// B from the list hides it and hands focus to the tab area; from the tab
// area focus stays; B again shows it. From a zoom, B ends the zoom with
// the list shown.
func TestToggleListFromEachFocus(t *testing.T) {
	m := newTestModel(t, 120, 40)
	withTabs(m, 1)
	pressAction(t, m, actToggleList)
	if m.panes().listWidth() != 0 || m.focus != focusTabArea {
		t.Fatalf("B from the list: width %d, focus %d", m.panes().listWidth(), m.focus)
	}
	pressAction(t, m, actToggleList)
	if m.panes().listWidth() != 30 || m.focus != focusTabArea {
		t.Fatalf("B again: width %d, focus %d", m.panes().listWidth(), m.focus)
	}
	pressAction(t, m, actZoom)
	pressAction(t, m, actToggleList)
	if m.listPane.zoomed || m.listPane.hidden || m.panes().listWidth() != 30 {
		t.Fatalf("B from a zoom: zoomed %v, hidden %v", m.listPane.zoomed, m.listPane.hidden)
	}
}

// Zoomed, the tab has every row above the notice row and every column;
// the notice row is one rule, the footer says "zoomed", and the notice
// says how to end it.
func TestAZoomedTabHasTheScreen(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {200, 50}} {
		m := newTestModel(t, size[0], size[1])
		withTabs(m, 2)
		pressAction(t, m, actZoom)
		l := m.layout()
		in := l.tabAreaInner(m.width)
		if in.Min.X != 0 || in.Min.Y != 0 || in.Dx() != size[0] || in.Dy() != size[1]-2 {
			t.Fatalf("%v: zoomed inside %v", size, in)
		}
		r := rows(m)
		if strings.ContainsAny(r[0], "╭┏") {
			t.Fatalf("%v: a frame is drawn around a zoomed tab: %q", size, r[0])
		}
		if strings.ContainsAny(r[size[1]-2], "┗╰┛╯") {
			t.Fatalf("%v: the notice row has corners under a zoom: %q", size, r[size[1]-2])
		}
		if !strings.Contains(r[size[1]-1], "· zoomed") {
			t.Fatalf("%v: footer %q", size, r[size[1]-1])
		}
		if !strings.Contains(m.notice.text, "zoomed: z ends it") {
			t.Fatalf("%v: notice %q", size, m.notice.text)
		}
		pressAction(t, m, actZoom)
		if m.notice.text != "zoom ended" || m.panes().listWidth() == 0 {
			t.Fatalf("%v: after z again: notice %q, list %d", size, m.notice.text, m.panes().listWidth())
		}
	}
}

// A click that is not on the list's right border, or below the body, is
// not the list's: no drag starts.
func TestOnlyTheListBorderStartsADrag(t *testing.T) {
	m := newTestModel(t, 120, 40)
	withTabs(m, 1)
	for _, at := range [][2]int{{m.panes().listWidth() - 2, 10}, {m.panes().listWidth(), 10}, {m.panes().listWidth() - 1, 39}} {
		m.Update(tea.MouseClickMsg{Button: tea.MouseLeft, X: at[0], Y: at[1]})
		if m.listPane.dragging {
			t.Fatalf("a click at %v started a drag of the list's border", at)
		}
	}
	m.Update(tea.MouseMotionMsg{Button: tea.MouseLeft, X: 60, Y: 10})
	if m.panes().listWidth() != 30 {
		t.Fatalf("a motion without a drag resized the list to %d", m.panes().listWidth())
	}
	// A drag never makes the list narrower than its minimum.
	m.Update(tea.MouseClickMsg{Button: tea.MouseLeft, X: m.panes().listWidth() - 1, Y: 10})
	m.Update(tea.MouseMotionMsg{Button: tea.MouseLeft, X: 3, Y: 10})
	m.Update(tea.MouseReleaseMsg{Button: tea.MouseLeft, X: 3, Y: 10})
	if m.panes().listWidth() != listMinWidth {
		t.Fatalf("dragged to column 3: list %d wide", m.panes().listWidth())
	}
}

// The saved layout keeps what was chosen, and "auto" sidebar is no width:
// a saved sidebar shown by hand is its default width.
func TestTheLayoutRoundTripsThroughTheViewState(t *testing.T) {
	m := newTestModel(t, 160, 40)
	withTabs(m, 1)
	v := m.currentView()
	if v.SidebarWidth != 0 || v.SidebarHidden || v.ListWidth != 0 || v.ListHidden {
		t.Fatalf("defaults saved as %+v, want nothing chosen", v)
	}
	pressAction(t, m, actToggleList)
	pressAction(t, m, actToggleSidebar)
	pressAction(t, m, actToggleSidebar)
	v = m.currentView()
	if !v.ListHidden || v.SidebarWidth != sideDefaultWidth || v.SidebarHidden {
		t.Fatalf("chosen saved as %+v", v)
	}
	again := newTestModel(t, 120, 40)
	again.listPane.take(v)
	again.side.takeLayout(v)
	withTabs(again, 1)
	if again.panes().listWidth() != 0 || again.panes().sideWidth() != sideDefaultWidth {
		t.Fatalf("restored at 120 columns: list %d, sidebar %d (shown by hand, it shows below 140)",
			again.panes().listWidth(), again.panes().sideWidth())
	}
}
