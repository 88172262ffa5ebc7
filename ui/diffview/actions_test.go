package diffview

import (
	"testing"

	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/keys/keystest"
	"amux.dev/amux/ui/theme"
)

// Every action of the viewer is one whole row, and its why answers from
// the viewer's state: nothing shown, a read-only view, no search yet.
func TestEveryActionSaysWhyItCannotRun(t *testing.T) {
	empty := New(theme.Dark(), registry(t, nil))
	loading := New(theme.Dark(), registry(t, nil))
	loading.SetEmpty("loading…")
	shown := newViewer(t, 80, 12)
	readOnly := newViewer(t, 80, 12)
	readOnly.SetStaging(false)
	searched := press(t, newViewer(t, 80, 12), "/", "N", "E", "E", "D", "L", "E", "enter")
	missed := press(t, newViewer(t, 80, 12), "/", "z", "z", "z", "enter")
	keystest.CheckTable(t, Table(), empty, loading, shown, readOnly, searched, missed)

	cases := []struct {
		name string
		m    Model
		id   keys.ActionID
		want string
	}{
		{"down in an empty diff", empty, ActDown, "the diff is empty: no changes"},
		{"search while loading", loading, ActSearch, "nothing is shown (loading…)"},
		{"close an empty diff", empty, ActClose, ""},
		{"down", shown, ActDown, ""},
		{"next hunk", shown, ActNextHunk, ""},
		{"stage a hunk", shown, ActStageHunk, ""},
		{"next match before a search", shown, ActNextMatch, "no search yet (/ searches)"},
		{"stage in a read-only view", readOnly, ActStageHunk, "what is shown cannot be staged from here"},
		{"stage a file in a read-only view", readOnly, ActStageFile, "what is shown cannot be staged from here"},
		{"editor in a read-only view", readOnly, ActOpenEditor, ""},
		{"next match after a search", searched, ActNextMatch, ""},
		{"next match after a search that missed", missed, ActPrevMatch, "nothing matches the search"},
		{"split on a narrow screen", shown, ActSplit, ""}, // wanted already: toggling it off is seen
	}
	for _, c := range cases {
		if got := c.m.Why(c.id); got != c.want {
			t.Errorf("%s: why %q, want %q", c.name, got, c.want)
		}
	}
}
