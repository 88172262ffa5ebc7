package keys

import "testing"

func TestFindMatchesOnlyTheGivenActions(t *testing.T) {
	r := MustRegistry(
		Action{ID: "a.wrap", Scope: "diff", Keys: []string{"w"}, Label: "wrap", Help: "Wrap"},
		Action{ID: "b.other", Scope: "list", Keys: []string{"w", "x"}, Label: "other", Help: "Other"},
	)
	m := r.Map()
	if id, ok := m.Find("w", "a.wrap"); !ok || id != "a.wrap" {
		t.Fatalf("w → %q %v", id, ok)
	}
	if _, ok := m.Find("x", "a.wrap"); ok {
		t.Fatal("matched an action not asked about")
	}
}
