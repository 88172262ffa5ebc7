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
