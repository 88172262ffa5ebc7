package app

import (
	"testing"

	"amux.dev/amux/status/agentstate"
)

// The keys go into a program only by an explicit key, and nothing else
// keeps them there once the program is not the one in sight: a close
// shows the next tab with focus on the tab area, a dialog takes them back
// for good, and so does the program exiting.
func TestKeysNeverMoveIntoAProgramOnTheirOwn(t *testing.T) {
	m := newTestModel(t, 120, 40)
	withTabs(m, 2)
	ws := m.list.selectedID()
	wt := m.tabs.of(ws)
	pressAction(t, m, actFocusTabArea)
	if m.entered != nil {
		t.Fatal("tab from the list gave the program the keys")
	}
	pressAction(t, m, "tab-2")
	pressAction(t, m, actEnterProgram)
	if m.entered != wt.tabs[1] {
		t.Fatal("enter did not give the shown tab the keys")
	}

	m.Update(tabClosedMsg{wsID: ws, tabID: wt.tabs[1].id})
	if m.focus != focusTabArea || m.entered != nil || m.activeTab() != wt.tabs[0] {
		t.Fatalf("after a close: focus %v, entered %v; want the tab area, no program", m.focus, m.entered)
	}

	pressAction(t, m, actEnterProgram)
	m.run(actPalette)
	m.Update(nil) // the message that opened it
	m.overlay = nil
	m.Update(nil)
	if m.entered != nil {
		t.Fatal("a dialog that closed handed the program the keys back")
	}

	pressAction(t, m, actEnterProgram)
	wt.tabs[0].state = agentstate.Result{State: agentstate.Stopped}
	m.Update(nil)
	if m.entered != nil {
		t.Fatal("a program that exited kept the keys (a restart would get them)")
	}
}
