package app

import (
	"testing"

	tea "charm.land/bubbletea/v2"
)

func TestClickOnTheTabBarShowsThatTab(t *testing.T) {
	m := newTestModel(t, 120, 40)
	m.list.rows.Move(1) // auth-fix
	ws := m.list.selectedID()
	m.tabs.ensure(ws).tabs = []*tab{{id: "a", title: "one"}, {id: "b", title: "two"}}
	x0 := m.layout().dashWidth + 1 // first cell inside the center frame
	click := func(x int) {
		m.Update(tea.MouseClickMsg{Button: tea.MouseLeft, X: x, Y: 1})
	}
	click(x0 + len(" 1 one  ") + 2) // inside " 2 two "
	if got := m.tabs.of(ws).active; got != 1 {
		t.Fatalf("active tab %d after clicking the second label", got)
	}
	click(x0 + 1)
	if got := m.tabs.of(ws).active; got != 0 {
		t.Fatalf("active tab %d after clicking the first label", got)
	}
	if m.focus != focusTabArea {
		t.Fatal("a tab click did not focus the tab area")
	}
}
