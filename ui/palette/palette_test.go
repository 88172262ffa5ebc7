package palette

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/theme"
)

func TestPaletteFiltersAndRefusesUnavailable(t *testing.T) {
	acts := []keys.Action{
		{ID: "new", Scope: "d", Keys: []string{"n"}, Help: "New workspace"},
		{ID: "del", Scope: "d", Keys: []string{"d"}, Help: "Delete workspace"},
		{ID: "add", Scope: "d", Keys: []string{"a"}, Help: "Add project"},
	}
	avail := func(id keys.ActionID) (bool, string) {
		if id == "del" {
			return false, "select a workspace first"
		}
		return true, ""
	}
	m := New(theme.Dark(), testKeys(), acts, avail)
	for _, r := range "delete" {
		m, _, _ = m.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	m, _, out := m.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	if out != dialog.Pending {
		t.Fatal("unavailable command ran")
	}
	if v := m.View(60, 20); !strings.Contains(v, "select a workspace first") {
		t.Fatalf("reason not shown:\n%s", v)
	}
	m = New(theme.Dark(), testKeys(), acts, avail)
	for _, r := range "proj" {
		m, _, _ = m.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	m, _, out = m.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	if a, ok := m.Chosen(); out != dialog.Submitted || !ok || a.ID != "add" {
		t.Fatalf("chose %v ok=%v out=%v", a.ID, ok, out)
	}
}

// testKeys are the components' default keys, as the application binds them.
func testKeys() keys.Map { return keys.MustRegistry(keys.ComponentActions()...).Map() }

// A query that starts a word of a command's label finds that command
// first, ahead of one whose help merely starts with the same letters, and
// a command that cannot run comes after one that can.
func TestPaletteRanksALabelsWordPrefixFirst(t *testing.T) {
	acts := []keys.Action{
		{ID: "run", Scope: "d", Keys: []string{"f5"}, Label: "run", Help: "Start the workspace's run script"},
		{ID: "status", Scope: "d", Keys: []string{"i"}, Label: "status", Help: "Workspace status: cleanup, ports, scripts"},
		{ID: "stage", Scope: "d", Keys: []string{"s"}, Label: "stage file", Help: "Stage the file"},
	}
	avail := func(id keys.ActionID) (bool, string) {
		if id == "stage" {
			return false, "no file selected"
		}
		return true, ""
	}
	m := New(theme.Dark(), testKeys(), acts, avail)
	for _, r := range "st" {
		m, _, _ = m.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	if a, ok := m.Chosen(); !ok || a.ID != "status" {
		t.Fatalf("\"st\" chose %q first, want the status command (its label starts with it):\n%s", a.ID, m.View(70, 20))
	}
}
