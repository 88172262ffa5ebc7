package app

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/ui/keys"
)

// pressAction presses the first key bound to id, as a person would.
func pressAction(t *testing.T, m *Model, id keys.ActionID) {
	t.Helper()
	a, ok := m.reg.Get(id)
	if !ok || len(a.Keys) == 0 {
		t.Fatalf("no key for %s", id)
	}
	var k tea.KeyPressMsg
	switch a.Keys[0] {
	case "tab":
		k = tea.KeyPressMsg{Code: tea.KeyTab}
	case "esc":
		k = tea.KeyPressMsg{Code: tea.KeyEscape}
	default:
		k = press(a.Keys[0])
	}
	m.Update(k)
}

// withTabs gives the selected workspace (auth-fix) n detached claude tabs.
func withTabs(m *Model, n int) {
	m.list.rows.SelectWorkspace("1111111111111111")
	wt := m.tabs.ensure(m.list.selectedID())
	for i := 1; i <= n; i++ {
		wt.tabs = append(wt.tabs, &tab{id: fmt.Sprint("t", i), kind: "agent", assistant: "claude", exitCode: -1,
			session: fmt.Sprintf("amux-1111111111111111-t%d", i)})
	}
	m.Update(nil)
}

func rows(m *Model) []string { return strings.Split(strings.TrimSuffix(screenText(m), "\n"), "\n") }

// The focused pane has a heavy frame and the footer names it; moving focus
// moves both.
func TestFocusShowsInTheFrameAndTheFooter(t *testing.T) {
	m := newTestModel(t, 160, 40)
	withTabs(m, 1)
	check := func(footer, heavy string) {
		t.Helper()
		r := rows(m)
		if got := r[len(r)-1]; !strings.HasPrefix(got, " "+footer+" ") {
			t.Fatalf("footer %q, want it to name %q", got, footer)
		}
		if !strings.Contains(r[0], "┏━ "+heavy) || strings.Count(r[0], "┏") != 1 {
			t.Fatalf("focused frame is not %q's alone: %q", heavy, r[0])
		}
	}
	check("list", "Projects")
	pressAction(t, m, actFocusTabArea)
	check("tab area: claude", "auth-fix") // the tab area, not its program
	pressAction(t, m, actFocusSidebar)
	check("sidebar: Changes", "[Changes]")
}

// A notice is set into the panels' bottom edge; the footer keeps the keys.
func TestNoticeNeverTakesTheHints(t *testing.T) {
	m := newTestModel(t, 80, 24)
	m.say(modal.LevelInfo, "started claude")
	r := rows(m)
	if len(r) != 24 {
		t.Fatalf("%d rows", len(r))
	}
	if !strings.Contains(r[22], "started claude") || !strings.HasPrefix(r[22], "┗━") {
		t.Fatalf("notice row %q", r[22])
	}
	if !strings.Contains(r[23], "ctrl+space commands") {
		t.Fatalf("the notice replaced the hints: %q", r[23])
	}
}

// At 80 columns the hints that do not fit are replaced by a marker that
// says where they are; at 200 they all show.
func TestHintBarSaysWhenKeysDoNotFit(t *testing.T) {
	m := newTestModel(t, 80, 24)
	r := rows(m)
	footer := r[len(r)-1]
	if !strings.HasSuffix(footer, "…") || !strings.Contains(footer, "? help") {
		t.Fatalf("80 columns: %q", footer)
	}
	pressAction(t, m, actFocusTabArea) // no tab: the tab area's keys, no key list here
	r = rows(m)
	if footer = r[len(r)-1]; !strings.Contains(footer, "tab area") || strings.Contains(footer, "? help") {
		t.Fatalf("tab area at 80 columns: %q", footer)
	}
	wide := newTestModel(t, 200, 50)
	if r := rows(wide); strings.Contains(r[len(r)-1], "…") {
		t.Fatalf("200 columns: %q", r[len(r)-1])
	}
}

// B hides the list (focus moves to the tabs), = and - resize it, moving
// focus to it shows it again; z zooms the tab to the whole screen.
func TestListHidesResizesAndTheTabZooms(t *testing.T) {
	m := newTestModel(t, 120, 40)
	withTabs(m, 1)
	if m.panes().listWidth() != 30 {
		t.Fatalf("list %d wide", m.panes().listWidth())
	}
	pressAction(t, m, actListWider)
	if w, _ := m.layout().termSize(m.width); m.panes().listWidth() != 34 || w != 120-34-2 {
		t.Fatalf("= : list %d, tab %d", m.panes().listWidth(), w)
	}
	pressAction(t, m, actListNarrower)
	pressAction(t, m, actToggleList)
	if w, _ := m.layout().termSize(m.width); m.panes().listWidth() != 0 || m.focus != focusTabArea || w != 118 {
		t.Fatalf("B: list %d, focus %d, tab %d", m.panes().listWidth(), m.focus, w)
	}
	if strings.Contains(screenText(m), "Projects") {
		t.Fatal("the hidden list is drawn")
	}
	pressAction(t, m, actFocusList)
	if m.panes().listWidth() != 30 || m.focus != focusList {
		t.Fatalf("focus to the hidden list: width %d, focus %d", m.panes().listWidth(), m.focus)
	}

	pressAction(t, m, actZoom)
	if w, h := m.layout().termSize(m.width); w != 120 || h != 37 || m.focus != focusTabArea {
		t.Fatalf("zoomed: tab %d×%d, focus %d", w, h, m.focus)
	}
	r := rows(m)
	if x, y := m.layout().termOrigin(m.width); x != 0 || y != 1 || !strings.HasPrefix(r[0], " 1 claude") || !strings.Contains(r[39], "zoomed") {
		t.Fatalf("zoomed screen (origin %d,%d):\n%s", x, y, screenText(m))
	}
	pressAction(t, m, actZoom)
	if w, _ := m.layout().termSize(m.width); w != 120-30-2 {
		t.Fatalf("zoom ended: tab %d wide", w)
	}

	empty := newTestModel(t, 120, 40)
	pressAction(t, empty, actZoom)
	if empty.listPane.zoomed || !strings.Contains(empty.notice.text, "no tab open") {
		t.Fatalf("z without a tab: zoomed %v, notice %q", empty.listPane.zoomed, empty.notice.text)
	}
}

// The panes' sizes go into the saved layout and come back from it.
func TestPaneSizesAreSavedWithTheLayout(t *testing.T) {
	m := newTestModel(t, 160, 40)
	withTabs(m, 1)
	pressAction(t, m, actListWider)
	pressAction(t, m, actToggleSidebar)
	v := m.currentView()
	if v.ListWidth != 44 || !v.SidebarHidden {
		t.Fatalf("saved %+v", v)
	}
	again := newTestModel(t, 160, 40)
	again.Update(viewStateMsg{v: v})
	again.list.rows.SelectWorkspace("1111111111111111")
	if again.panes().listWidth() != 44 || again.panes().sideWidth() != 0 {
		t.Fatalf("restored: list %d, sidebar %d", again.panes().listWidth(), again.panes().sideWidth())
	}
	if !sameLayout(v, again.currentView()) {
		t.Fatalf("restored layout differs: %+v vs %+v", v, again.currentView())
	}
}

// A drag of the list's right border resizes it; the tab area follows.
func TestDraggingTheListBorderResizesIt(t *testing.T) {
	m := newTestModel(t, 120, 40)
	withTabs(m, 1)
	m.Update(tea.MouseClickMsg{Button: tea.MouseLeft, X: m.panes().listWidth() - 1, Y: 10})
	m.Update(tea.MouseMotionMsg{Button: tea.MouseLeft, X: 45, Y: 10})
	m.Update(tea.MouseReleaseMsg{Button: tea.MouseLeft, X: 45, Y: 10})
	if w, _ := m.layout().termSize(m.width); m.panes().listWidth() != 46 || w != 120-46-2 || m.listPane.dragging {
		t.Fatalf("after the drag: list %d, tab %d, dragging %v", m.panes().listWidth(), w, m.listPane.dragging)
	}
	if v := m.currentView(); v.ListWidth != 46 {
		t.Fatalf("saved list width %d", v.ListWidth)
	}
}
