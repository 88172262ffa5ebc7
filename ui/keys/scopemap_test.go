package keys

import "testing"

func TestScopeMapMatchesAndRendersFromTheRegistry(t *testing.T) {
	r := MustRegistry(
		Action{ID: "x.wrap", Scope: "diff", Keys: []string{"w"}, Label: "wrap", Help: "Wrap"},
		Action{ID: "x.next", Scope: "diff", Keys: []string{"n", "down"}, Label: "next", Help: "Next"},
		Action{ID: "x.other", Scope: "list", Keys: []string{"w"}, Label: "other", Help: "Other"},
	)
	m := r.Scope("diff", func(id ActionID) (bool, string) { return id != "x.next", "not now" })
	if id, ok := m.Lookup("w"); !ok || id != "x.wrap" {
		t.Fatalf("w → %q %v", id, ok)
	}
	if _, ok := m.Lookup("n"); ok {
		t.Fatal("an unavailable action matched")
	}
	if got := m.Hints(" · ", "x.wrap", "x.next", "x.missing"); got != "w wrap" {
		t.Fatalf("hints %q", got)
	}
	if got := r.Scope("diff", nil).Hints(" · ", "x.wrap", "x.next"); got != "w wrap · n/↓ next" {
		t.Fatalf("hints %q", got)
	}
	if (ScopeMap{}).Hints(" ", "x.wrap") != "" {
		t.Fatal("zero map renders hints")
	}
}
