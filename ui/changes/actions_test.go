package changes

import (
	"errors"
	"testing"

	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/keys/keystest"
)

// Every action of the list is one whole row, and its why answers from the
// list's state: loading, empty, a commit under the cursor, a filter that
// matches nothing.
func TestEveryActionSaysWhyItCannotRun(t *testing.T) {
	loading := newList(t, nil)
	empty := newList(t, nil)
	empty.SetData(Data{})
	failed := newList(t, nil)
	failed.SetError(errors.New("git status: broken"))
	// Each its own list: a layout reuses its rows' array, as a model
	// that is used once and replaced does.
	with := func(ks ...string) Model {
		m := newList(t, nil)
		m.SetData(sample())
		m, _ = press(m, ks...)
		return m
	}
	onFile, onCommit, nothing := with(), with("G"), with("/", "z", "z", "z")
	keystest.CheckTable(t, Table(), loading, empty, failed, onFile, onCommit, nothing)

	const (
		stillLoading = "the changes are still loading"
		noChanges    = "no uncommitted changes and no commits on the branch"
		notRead      = "the changes could not be read (r reads them again)"
		noMatch      = "nothing matches the filter"
		onACommit    = "a commit is under the cursor, not a file"
	)
	cases := []struct {
		name string
		m    Model
		id   keys.ActionID
		want string
	}{
		{"down while loading", loading, ActDown, stillLoading},
		{"open while loading", loading, ActOpen, stillLoading},
		{"filter while loading", loading, ActFilter, stillLoading},
		{"commit while loading", loading, ActCommit, ""}, // the dialog can amend
		{"refresh while loading", loading, ActRefresh, ""},
		{"down when empty", empty, ActDown, noChanges},
		{"stage when empty", empty, ActStage, noChanges},
		{"filter when empty", empty, ActFilter, "no files or commits to filter"},
		{"open after a failed read", failed, ActOpen, notRead},
		{"open on a file", onFile, ActOpen, ""},
		{"stage on a file", onFile, ActStage, ""},
		{"bottom on a file", onFile, ActBottom, ""},
		{"open on a commit", onCommit, ActOpen, ""},
		{"stage on a commit", onCommit, ActStage, onACommit},
		{"stage with nothing matching", nothing, ActStage, noMatch},
		{"filter with nothing matching", nothing, ActFilter, ""},
	}
	for _, c := range cases {
		if got := c.m.Why(c.id); got != c.want {
			t.Errorf("%s: why %q, want %q", c.name, got, c.want)
		}
	}
}

// The footer is the table's hint rows, in order, in the registry's keys.
func TestTheFooterIsTheTablesHints(t *testing.T) {
	var want []keys.Hint
	for _, r := range Table() {
		if r.Hint {
			want = append(want, keys.Hint{ID: r.ID, What: r.Label})
		}
	}
	if len(hints) != len(want) || len(want) != 4 {
		t.Fatalf("hints %v, want %v", hints, want)
	}
	for i := range want {
		if hints[i] != want[i] {
			t.Fatalf("hint %d: %v, want %v", i, hints[i], want[i])
		}
	}
}
