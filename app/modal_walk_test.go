package app

import (
	"fmt"
	"path/filepath"
	"testing"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/dialogs"
	"amux.dev/amux/app/modal"
	"amux.dev/amux/ui/keys"
)

// modalKey is a named key as a terminal sends it.
func modalKey(name string) tea.KeyPressMsg {
	switch name {
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "tab":
		return tea.KeyPressMsg{Code: tea.KeyTab}
	}
	return press(name)
}

// Every root dialog is a modal: opened by the root, it answers Esc with an
// outcome — closed, or its close action as a request — without touching
// the root, and the root applying that outcome takes it off the screen.
func TestEveryRootDialogClosesThroughItsOutcome(t *testing.T) {
	runs := func(id keys.ActionID) func(*Model) { return func(m *Model) { m.run(id) } }
	cases := []struct {
		name string
		open func(m *Model)
		// ask is the close action Esc asks for ("": the dialog closes
		// itself by its outcome).
		ask keys.ActionID
	}{
		{"palette", runs(actPalette), ""},
		{"key list", runs(actHelp), dialogs.ActCloseHelp},
		{"health", runs(actHealth), actCloseHealth},
		{"timeline", runs(actTimeline), actCloseTimeline},
		{"script output", runs(actScriptOutput), dialogs.ActCloseOutput},
		{"log", func(m *Model) { m.deps.LogPath = filepath.Join(t.TempDir(), "amux.log"); m.run(actOpenLog) }, dialogs.ActCloseOutput},
		{"workspace status", runs(actStatus), actCloseStatus},
		{"install", func(m *Model) { m.deps.AmuxBin = filepath.Join(t.TempDir(), "amux"); m.run(actInstall) }, ""},
		{"remove project", runs(actRemoveProject), ""},
		{"rename workspace", runs(actRenameWorkspace), ""},
		{"close main checkout", func(m *Model) { m.applyOwned(m.list.openCloseMain(m.modalKit())) }, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := newTestModel(t, 120, 40)
			m.list.rows.SelectWorkspace("1111111111111111")
			c.open(m)
			d, ok := m.overlay.(modal.Modal)
			if !ok {
				t.Fatalf("%s opened %T, which is not a modal", c.name, m.overlay)
			}
			if v := d.View(100, 30); v == "" {
				t.Fatalf("%s draws nothing", c.name)
			}
			_, out := d.Update(modalKey("esc"))
			want := modal.Closed()
			if c.ask != "" {
				want = modal.Asked(c.ask)
			}
			if got, w := fmt.Sprint(out), fmt.Sprint(want); got != w {
				t.Fatalf("esc in %s asked for %s, want %s", c.name, got, w)
			}
			if m.overlay != overlay(d) {
				t.Fatalf("%s changed the root by itself: %T open", c.name, m.overlay)
			}
			m.Update(modalKey("esc"))
			if m.overlay != nil {
				t.Fatalf("the root did not close %s: %T open", c.name, m.overlay)
			}
		})
	}
}
