package app

import (
	"errors"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/status/events"
	"amux.dev/amux/workspace"
)

// statusAt80x24 is the i dialog at 80×24 over auth-fix with three tabs and
// repository scripts waiting for approval: taller than the screen.
func statusAt80x24(t *testing.T) (*Model, *statusOverlay) {
	t.Helper()
	m := newTestModel(t, 80, 24)
	withTabs(m, 3)
	m.run(actStatus)
	o := m.overlay.(*statusOverlay)
	var history []events.Record
	for i := range historyRows {
		history = append(history, events.Record{At: time.Date(2026, 11, 2, 9, i, 0, 0, time.UTC),
			Session: "amux-1111111111111111-t1", From: "working", To: "idle", Source: "screen"})
	}
	m.Update(statusLoadedMsg{gen: o.gen, history: history, st: workspace.Status{Ports: "6200-6209", Scripts: []workspace.ScriptInfo{
		{Kind: workspace.KindSetup, Source: workspace.SourceRepo, Commands: []string{"npm ci"}},
		{Kind: workspace.KindRun, Source: workspace.SourceRepo, Commands: []string{"npm run dev"}},
	}}})
	return m, o
}

// At 80×24 the dialog says there is more below, keeps its keys in sight,
// and scrolls down to its Scripts section.
func TestStatusDialogScrollsAt80x24(t *testing.T) {
	m, _ := statusAt80x24(t)
	screen := screenText(m)
	if !strings.Contains(screen, "more below") || !strings.Contains(screen, "A: approve") {
		t.Fatalf("at 80×24 the dialog does not say more is below, or hides its keys:\n%s", screen)
	}
	pressAction(t, m, "view-bottom")
	screen = screenText(m)
	if !strings.Contains(screen, "npm run dev") || !strings.Contains(screen, "more above") {
		t.Fatalf("scrolled to the bottom, the Scripts section is not shown:\n%s", screen)
	}
}

// A refused approval stays on screen through the refresh it starts, until
// the person presses a key.
func TestStatusDialogKeepsARefusalUntilAKey(t *testing.T) {
	m, o := statusAt80x24(t)
	m.Update(statusActionMsg{what: "approve", err: errors.New("trusted-scripts.json: unreadable: permission denied")})
	m.Update(statusLoadedMsg{gen: o.gen, st: *o.st, history: o.history})
	if screen := screenText(m); !strings.Contains(screen, "permission denied") {
		t.Fatalf("the refresh after a refused approval cleared the reason:\n%s", screen)
	}
	pressAction(t, m, "view-down")
	if screen := screenText(m); strings.Contains(screen, "permission denied") {
		t.Fatalf("the refusal outlived the person's next key:\n%s", screen)
	}
}
