package projecttree

import (
	"os"
	"testing"

	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/keys/keystest"
)

// Every action of the tree is one whole row, and its why answers from the
// tree's state: no workspace, loading, an empty directory, a directory or
// a file under the cursor, a filter that matches nothing.
func TestEveryActionSaysWhyItCannotRun(t *testing.T) {
	root := mkTree(t)
	none := newTree(t, nil)
	loading := newTree(t, nil)
	loading.SetWorkspace("ws1", root) // the read not run yet
	loaded := func(ks ...string) Model {
		m := newTree(t, nil)
		m = settle(t, m, m.SetWorkspace("ws1", root))
		return press(t, m, ks...)
	}
	onDir := loaded() // docs/, the first row
	onTopFile := selectPath(t, loaded(), "README.md")
	inDir := selectPath(t, loaded("l"), "docs/guide.md")
	nothing := loaded("/", "q", "q", "q", "enter")
	emptyRoot := t.TempDir()
	if err := os.Mkdir(emptyRoot+"/.git", 0o755); err != nil {
		t.Fatal(err)
	}
	empty := newTree(t, nil)
	empty = settle(t, empty, empty.SetWorkspace("ws2", emptyRoot))
	keystest.CheckTable(t, Table(), none, loading, onDir, onTopFile, inDir, nothing, empty)

	cases := []struct {
		name string
		m    Model
		id   keys.ActionID
		want string
	}{
		{"down with no workspace", none, ActDown, "no workspace is shown"},
		{"refresh with no workspace", none, ActRefresh, "no workspace is shown"},
		{"filter with no workspace", none, ActFilter, "no workspace is shown"},
		{"down while loading", loading, ActDown, "the tree is still loading"},
		{"open while loading", loading, ActOpen, "the tree is still loading"},
		{"filter while loading", loading, ActFilter, "the tree is still loading"},
		{"refresh while loading", loading, ActRefresh, ""},
		{"down in an empty tree", empty, ActDown, "the work tree is empty"},
		{"open on a directory", onDir, ActOpen, ""},
		{"editor on a directory", onDir, ActEditor, "a directory does not open in the editor"},
		{"collapse a closed top directory", onDir, ActCollapse, "at the top level: nothing to collapse or go up to"},
		{"editor on a file", onTopFile, ActEditor, ""},
		{"collapse on a file in a directory", inDir, ActCollapse, ""},
		{"open with nothing matching", nothing, ActOpen, "nothing loaded matches the filter"},
		{"filter with nothing matching", nothing, ActFilter, ""},
	}
	for _, c := range cases {
		if got := c.m.Why(c.id); got != c.want {
			t.Errorf("%s: why %q, want %q", c.name, got, c.want)
		}
	}
}
