package app

import (
	"strings"
	"testing"

	"amux.dev/amux/app/dialogs"
	"amux.dev/amux/git"
	"amux.dev/amux/ui/changes"
	"amux.dev/amux/ui/commitmsg"
	"amux.dev/amux/ui/diffview"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/projecttree"
	"amux.dev/amux/workspace"
)

// Every component action is a row of the table with a why: the palette,
// the help and the key path ask the component through it.
func TestEveryComponentActionHasItsRowAndWhy(t *testing.T) {
	m := newTestModel(t, 160, 40)
	for _, acts := range [][]keys.Action{changes.DefaultActions(scopeChanges), projecttree.DefaultActions(scopeTree),
		diffview.DefaultActions(scopeDiff), commitmsg.DefaultActions(scopeCommit)} {
		for _, a := range acts {
			r, ok := m.acts[a.ID]
			if !ok || r.why == nil || r.Label == "" || r.Help == "" {
				t.Errorf("%s: row %v, why %v", a.ID, ok, r.why != nil)
			}
		}
	}
	// No dialog is open: its rows say so.
	for _, id := range []keys.ActionID{diffview.ActClose, commitmsg.ActCommit} {
		if ok, why := m.available(id); ok || !strings.HasSuffix(why, "is not open") {
			t.Errorf("%s with no dialog: %v %q", id, ok, why)
		}
	}
}

// The Changes list answers for its actions where it is shown: loading, a
// file under the cursor, another sidebar tab; a key it refuses says why,
// and the palette offers its actions with the reason.
func TestChangesActionsAnswerFromTheList(t *testing.T) {
	m := newTestModel(t, 160, 40)
	m.list.rows.Move(1) // auth-fix: the sidebar shows it
	m.Update(nil)
	m.focus = focusSidebar
	if ok, why := m.available(changes.ActStage); ok || why != "the changes are still loading" {
		t.Fatalf("stage while loading: %v %q", ok, why)
	}
	m.Update(press("s"))
	if !strings.Contains(screenText(m), "stage: the changes are still loading") {
		t.Fatalf("s while loading says nothing:\n%s", screenText(m))
	}
	review := workspace.Review{Changes: git.Changes{UnstagedCount: 1, Unstaged: []git.Change{{Path: "auth.go", Code: 'M'}}}}
	m.Update(sideReviewMsg{ws: m.side.ws, gen: m.side.gen, review: review})
	if ok, why := m.available(changes.ActStage); !ok {
		t.Fatalf("stage on a file: %q", why)
	}
	m.run(actPalette)
	o := m.overlay.(*dialogs.Palette)
	if !o.Offers(changes.ActStage) {
		t.Fatal("the palette does not offer the list's stage")
	}
	m.overlay = nil
	m.Update(press(">"))
	ok, why := m.available(changes.ActStage)
	if want := "the sidebar shows its Project tab (> switches)"; ok || why != want {
		t.Fatalf("stage with Project shown: %v %q, want %q", ok, why, want)
	}
	// The tree answers for itself there: the read has not come back.
	if ok, why := m.available(projecttree.ActEditor); ok || why != "the tree is still loading" {
		t.Fatalf("editor while the tree loads: %v %q", ok, why)
	}
}

// A list's action chosen in the palette runs in the list and gives the
// sidebar the keys: the filter then reads the typing.
func TestAListsPaletteActionRunsInTheList(t *testing.T) {
	m := newTestModel(t, 160, 40)
	m.list.rows.Move(1)
	m.Update(nil)
	review := workspace.Review{Changes: git.Changes{UnstagedCount: 1, Unstaged: []git.Change{{Path: "auth.go", Code: 'M'}}}}
	m.Update(sideReviewMsg{ws: m.side.ws, gen: m.side.gen, review: review})
	if m.focus == focusSidebar {
		t.Fatal("the sidebar has the keys already")
	}
	m.run(changes.ActFilter) // as the palette runs a choice
	if m.focus != focusSidebar || !m.side.changes.Filtering() {
		t.Fatalf("filter from the palette: focus %v, filtering %v", m.focus, m.side.changes.Filtering())
	}
}
