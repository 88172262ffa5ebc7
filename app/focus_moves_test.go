package app

import (
	"strings"
	"testing"

	"amux.dev/amux/ui/keys"
)

// The focus keys, one by one: every key bound to a move moves focus there,
// from where it is bound, and says "already there" when run where it is.

// sampleWide is the sample workbench wide enough for the sidebar (auto from
// 140 columns) with auth-fix selected and n detached tabs.
func sampleWide(t *testing.T, n int) *Model {
	t.Helper()
	m := newTestModel(t, 160, 40)
	withTabs(m, n)
	if m.panes().sideWidth() == 0 {
		t.Fatal("the sidebar is not shown at 160 columns")
	}
	return m
}

// Every key of each focus move moves focus, from the pane it is bound in.
func TestEveryFocusKeyMovesFocus(t *testing.T) {
	cases := []struct {
		from focusArea
		keys []string
		to   focusArea
	}{
		{focusList, []string{"tab"}, focusTabArea},
		{focusTabArea, []string{"tab", "esc", "h", "left"}, focusList},
		{focusTabArea, []string{"l", "right"}, focusSidebar},
		{focusSidebar, []string{"esc", "tab"}, focusList},
		{focusSidebar, []string{"shift+tab"}, focusTabArea},
	}
	for _, c := range cases {
		for _, k := range c.keys {
			m := sampleWide(t, 1)
			m.focus = c.from
			m.Update(keyPress(t, k))
			if m.focus != c.to {
				t.Errorf("%s from focus %d: focus %d, want %d", k, c.from, m.focus, c.to)
			}
		}
	}
}

// The registry's keys for the moves are the ones the table above presses:
// a key added to a move without a case here shows up.
func TestTheFocusMovesHaveTheKeysTheStoriesPress(t *testing.T) {
	m := newTestModel(t, 80, 24)
	want := map[keys.ActionID]string{
		actFocusTabArea:  "tab",
		actFocusList:     "tab esc h left",
		actFocusSidebar:  "l right",
		actSideToList:    "esc tab",
		actSideToTabArea: "shift+tab",
	}
	for id, ks := range want {
		a, ok := m.reg.Get(id)
		if !ok {
			t.Fatalf("no action %s", id)
		}
		if got := strings.Join(a.Keys, " "); got != ks {
			t.Errorf("%s: keys %q, want %q", id, got, ks)
		}
	}
}

// Run where focus already is, a move says so instead of doing nothing.
func TestAFocusMoveToWhereFocusIsSaysSo(t *testing.T) {
	m := newTestModel(t, 120, 40)
	m.run(actFocusList)
	if !strings.Contains(m.notice.text, "focus list: already there") {
		t.Fatalf("notice %q", m.notice.text)
	}
	pressAction(t, m, actFocusTabArea)
	m.run(actFocusTabArea)
	if !strings.Contains(m.notice.text, "focus tabs: already there") || m.focus != focusTabArea {
		t.Fatalf("notice %q, focus %d", m.notice.text, m.focus)
	}
}

// Digits go to a tab from the list and from the tab area, and say so when
// there is no such tab; focus stays where it was.
func TestDigitsGoToTabs(t *testing.T) {
	m := newTestModel(t, 120, 40)
	withTabs(m, 3)
	wt := m.tabs.of(m.list.selectedID())
	m.Update(keyPress(t, "2"))
	if m.activeTab() != wt.tabs[1] || m.focus != focusList {
		t.Fatalf("2 from the list: shown %v, focus %d", m.activeTab().id, m.focus)
	}
	pressAction(t, m, actFocusTabArea)
	m.Update(keyPress(t, "3"))
	if m.activeTab() != wt.tabs[2] || m.focus != focusTabArea {
		t.Fatalf("3 from the tab area: shown %v, focus %d", m.activeTab().id, m.focus)
	}
	m.Update(keyPress(t, "1"))
	if m.activeTab() != wt.tabs[0] {
		t.Fatalf("1: shown %v", m.activeTab().id)
	}
	m.Update(keyPress(t, "5"))
	if m.activeTab() != wt.tabs[0] || !strings.Contains(m.notice.text, "no such tab") {
		t.Fatalf("5 of 3 tabs: shown %v, notice %q", m.activeTab().id, m.notice.text)
	}
	if !strings.Contains(screenText(m), "1 claude") {
		t.Fatalf("the tab bar is not drawn:\n%s", screenText(m))
	}
}

// ] and [ step through the tabs and wrap; with one tab they say why.
func TestBracketsStepThroughTheTabs(t *testing.T) {
	m := newTestModel(t, 120, 40)
	withTabs(m, 3)
	wt := m.tabs.of(m.list.selectedID())
	pressAction(t, m, actFocusTabArea)
	for _, want := range []int{1, 2, 0} {
		pressAction(t, m, actNextTab)
		if m.activeTab() != wt.tabs[want] {
			t.Fatalf("] : shown %s, want tab %d", m.activeTab().id, want+1)
		}
	}
	pressAction(t, m, actPrevTab)
	if m.activeTab() != wt.tabs[2] {
		t.Fatalf("[ from the first: shown %s, want the last", m.activeTab().id)
	}
	one := newTestModel(t, 120, 40)
	withTabs(one, 1)
	pressAction(t, one, actNextTab)
	if !strings.Contains(one.notice.text, "fewer than two tabs") {
		t.Fatalf("] with one tab: %q", one.notice.text)
	}
}

// Moving focus off a zoomed tab ends the zoom: to the list by its keys.
func TestFocusOffAZoomedTabEndsTheZoom(t *testing.T) {
	m := sampleWide(t, 1)
	pressAction(t, m, actFocusTabArea)
	pressAction(t, m, actZoom)
	if !m.listPane.zoomed || m.panes().sideWidth() != 0 || m.panes().listWidth() != 0 {
		t.Fatalf("zoom: list %d, sidebar %d", m.panes().listWidth(), m.panes().sideWidth())
	}
	pressAction(t, m, actFocusList)
	if m.listPane.zoomed || m.focus != focusList || m.panes().listWidth() == 0 || m.panes().sideWidth() == 0 {
		t.Fatalf("focus to the list: zoomed %v, focus %d, list %d, sidebar %d",
			m.listPane.zoomed, m.focus, m.panes().listWidth(), m.panes().sideWidth())
	}
	if !strings.Contains(screenText(m), "Projects") {
		t.Fatal("the list is not drawn after the zoom ended")
	}
}

// setFocus shows a pane behind a zoom: the sidebar's focus key, run from a
// zoomed tab, should end the zoom and focus the sidebar, as the list's does.
func TestTheSidebarsFocusKeyEndsAZoom(t *testing.T) {
	m := sampleWide(t, 1)
	pressAction(t, m, actFocusTabArea)
	pressAction(t, m, actZoom)
	pressAction(t, m, actFocusSidebar)
	if m.listPane.zoomed || m.focus != focusSidebar {
		t.Fatal("bug: focus-sidebar from a zoomed tab is refused as \"the sidebar is hidden (b shows it)\" (whyNoSidebar reads the zoomed width 0) instead of ending the zoom as setFocus promises; notice: " + m.notice.text)
	}
}
