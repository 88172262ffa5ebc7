package app

import (
	"testing"

	"amux.dev/amux/app/scene"
	"amux.dev/amux/workspace"
)

// The root's side of the list: a stale load through the root's switch
// changes nothing, and the saved layout read after the first load shows
// each workspace's saved tab (the tabs owner's) and the saved selection,
// and comes back in the layout to save.
func TestTheRootAppliesTheListsAnswers(t *testing.T) {
	m := newTestModel(t, 120, 40)
	withTabs(m, 3)
	before := len(m.list.rows.Projects())
	stale := m.list.loadGen
	m.list.load() // a newer load is on its way
	m.Update(loadedMsg{gen: stale, snap: scene.NewSnapshot(nil, nil, nil)})
	if len(m.list.rows.Projects()) != before {
		t.Fatal("a stale load replaced the rows")
	}
	m.Update(viewStateMsg{v: workspace.ViewState{SelectedWorkspace: "4444444444444444",
		ActiveTabs: map[string]string{"1111111111111111": "t3"}, ListWidth: 36}})
	if m.list.selectedID() != "4444444444444444" {
		t.Fatalf("selected %q, want the saved workspace", m.list.selectedID())
	}
	if wt := m.tabs.of("1111111111111111"); wt.current().id != "t3" {
		t.Fatalf("auth-fix shows %s, want the saved t3", wt.current().id)
	}
	v := m.currentView()
	if v.SelectedWorkspace != "4444444444444444" || v.ActiveTabs["1111111111111111"] != "t3" || v.ListWidth != 36 {
		t.Fatalf("the layout to save is %+v", v)
	}
}
