package keystest

import (
	"testing"

	"amux.dev/amux/ui/keys"
)

// CheckTable fails t for a row of table without an ID, a label, help
// or why, for two rows sharing an ID, and for a why that does not answer
// in the given states (it must not panic, an empty component included).
// Every component's tests run it over its table.
func CheckTable[S any](t testing.TB, table keys.Table[S], states ...S) {
	t.Helper()
	seen := map[keys.ActionID]bool{}
	for _, r := range table {
		switch {
		case r.ID == "":
			t.Errorf("a row without an ID: %+v", r)
		case seen[r.ID]:
			t.Errorf("%s is declared twice", r.ID)
		case r.Label == "" || r.Help == "":
			t.Errorf("%s needs a label and help", r.ID)
		case r.Why == nil:
			t.Errorf("%s has no why (keys.Always when it always runs)", r.ID)
		}
		seen[r.ID] = true
		for _, s := range states {
			if r.Why != nil {
				_ = r.Why(s)
			}
		}
	}
	if _, err := keys.NewRegistry(table.Actions("check")...); err != nil {
		t.Errorf("the table is not a registry: %v", err)
	}
}
