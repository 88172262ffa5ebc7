package app

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/dialogs"
)

// The palette opened from the list offers no row that does nothing there:
// "commit" finds the commit dialog, not the Changes list's own commit key
// (which only the focused list reads), and Enter opens it.
func TestPaletteFromTheListOffersOnlyRowsThatWork(t *testing.T) {
	m := newTestModel(t, 120, 40)
	m.list.rows.Move(1) // auth-fix
	m.run(actPalette)
	o := m.overlay.(*dialogs.Palette)
	for _, r := range "commit" {
		m.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	a, ok := o.Chosen()
	if !ok || a.ID != actCommit {
		t.Fatalf("\"commit\" from the list chose %q first, want %q:\n%s", a.ID, actCommit, screenText(m))
	}
	for _, a := range m.reg.All() {
		if a.Palette && m.acts[a.ID].run == nil && o.Offers(a.ID) {
			t.Errorf("the palette offers %q, which does nothing from the list", a.ID)
		}
	}
}
