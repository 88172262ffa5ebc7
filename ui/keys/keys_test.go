package keys

import "testing"

func TestRegistryRefusesClashesAndMatchesByScope(t *testing.T) {
	_, err := NewRegistry(
		Action{ID: "a", Scope: "dash", Keys: []string{"x"}, Help: "A"},
		Action{ID: "b", Scope: "dash", Keys: []string{"x"}, Help: "B"},
	)
	if err == nil {
		t.Fatal("two actions of one scope share a key")
	}
	if _, err := NewRegistry(Action{ID: "a", Scope: "s", Help: "A"}, Action{ID: "a", Scope: "t", Help: "A"}); err == nil {
		t.Fatal("duplicate ID accepted")
	}
	r := MustRegistry(
		Action{ID: "dlg-ok", Scope: "dialog", Keys: []string{"enter"}, Help: "OK"},
		Action{ID: "open", Scope: "dash", Keys: []string{"enter"}, Help: "Open"},
		Action{ID: "del", Scope: "dash", Keys: []string{"d"}, Help: "Delete"},
	)
	if a, ok := r.Match("enter", AlwaysAvailable, "dialog", "dash"); !ok || a.ID != "dlg-ok" {
		t.Fatalf("inner scope must shadow: %v %v", a.ID, ok)
	}
	if a, ok := r.Match("enter", AlwaysAvailable, "dash"); !ok || a.ID != "open" {
		t.Fatalf("got %v", a.ID)
	}
	noDelete := func(id ActionID) (bool, string) { return id != "del", "nothing selected" }
	if _, ok := r.Match("d", noDelete, "dash"); ok {
		t.Fatal("unavailable action matched")
	}
	if b := r.Binding(r.InScopes("dash")[1], noDelete); b.Enabled() {
		t.Fatal("unavailable action's binding enabled")
	}
	if got := KeyLabel([]string{"k", "up"}); got != "k/↑" {
		t.Fatalf("label = %q", got)
	}
}
