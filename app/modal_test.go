package app

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/dialogs"
	"amux.dev/amux/app/modal"
)

// The key list is a modal: it answers a key with an outcome, and its close
// key reaches the root as a request, never by the list touching the root.
func TestTheKeyListClosesThroughItsOutcome(t *testing.T) {
	m := newTestModel(t, 120, 40)
	pressAction(t, m, actHelp)
	h, ok := m.overlay.(*dialogs.Help)
	if !ok {
		t.Fatalf("help opened %T", m.overlay)
	}
	if !strings.Contains(screenText(m), "Keys") {
		t.Fatal("the key list is not on screen")
	}
	_, out := h.Update(tea.KeyPressMsg{Code: tea.KeyEscape})
	if len(out.Do) != 1 || out.Do[0] != (modal.RunAction{ID: dialogs.ActCloseHelp}) {
		t.Fatalf("esc asked for %+v, want the close action", out)
	}
	if m.overlay != overlay(h) {
		t.Fatal("the key list changed the root by itself")
	}
	m.Update(tea.KeyPressMsg{Code: tea.KeyEscape})
	if m.overlay != nil {
		t.Fatalf("the root did not apply the close: %T open", m.overlay)
	}
}
