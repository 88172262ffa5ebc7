package keys

import (
	"slices"
	"testing"
)

// counter is a component's state for the table's tests.
type counter struct{ n int }

func (c counter) whyZero() string {
	if c.n == 0 {
		return "nothing to take"
	}
	return ""
}

var counterTable = Table[counter]{
	{ID: "c.take", Keys: []string{"t"}, Label: "take", Help: "Take one", Hint: true, Palette: true, Why: counter.whyZero},
	{ID: "c.reset", Scope: "other", Keys: []string{"r"}, Label: "reset", Help: "Reset", Why: Always[counter]},
	{ID: "c.peek", Keys: []string{"p"}, Label: "peek", Help: "Peek", Hint: true},
}

func TestTableDerivesTheRegistryRowsIDsAndHints(t *testing.T) {
	acts := counterTable.Actions("list")
	if len(acts) != 3 || acts[0].Scope != "list" || acts[1].Scope != "other" || !acts[0].Hint || !acts[0].Palette || acts[1].Palette {
		t.Fatalf("actions = %+v", acts)
	}
	if got := counterTable.IDs(); !slices.Equal(got, []ActionID{"c.take", "c.reset", "c.peek"}) {
		t.Fatalf("ids = %v", got)
	}
	if got := counterTable.Hints(); !slices.Equal(got, []Hint{{"c.take", "take"}, {"c.peek", "peek"}}) {
		t.Fatalf("hints = %v", got)
	}
	km := MustRegistry(acts...).Map()
	if id, ok := counterTable.Find(km, "r"); !ok || id != "c.reset" {
		t.Fatalf("find r = %v %v", id, ok)
	}
	if _, ok := counterTable.Find(km, "x"); ok {
		t.Fatal("found an unbound key")
	}
}

func TestTableAnswersWhyFromTheComponentsState(t *testing.T) {
	cases := []struct {
		state     counter
		id        ActionID
		why       string
		mine, can bool
	}{
		{counter{0}, "c.take", "nothing to take", true, false},
		{counter{2}, "c.take", "", true, true},
		{counter{0}, "c.reset", "", true, true},
		{counter{0}, "c.peek", "", true, true}, // no Why: it always runs
		{counter{0}, "other.thing", "", false, false},
	}
	for _, c := range cases {
		why, mine := counterTable.Why(c.state, c.id)
		if why != c.why || mine != c.mine {
			t.Errorf("%v in %+v: why %q mine %v, want %q %v", c.id, c.state, why, mine, c.why, c.mine)
		}
		if can, _ := counterTable.Availability(c.state)(c.id); can != c.can {
			t.Errorf("%v in %+v: available %v", c.id, c.state, can)
		}
	}
	// The registry refuses a key to an action the component refuses, and
	// explains the press with the component's reason.
	r := MustRegistry(counterTable.Actions("list")...)
	if _, ok := r.Match("t", counterTable.Availability(counter{0}), "list"); ok {
		t.Fatal("an unavailable component action matched")
	}
	e, ok := r.Explain("t", counterTable.Availability(counter{0}), "list")
	if !ok || e.Message("t", nil) != "t take: nothing to take" {
		t.Fatalf("explain = %+v %v", e, ok)
	}
}
