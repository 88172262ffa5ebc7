package agentpicker

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/ui/theme"
)

// A pasted first task keeps its lines and every character — a long one is
// never cut in silence — and the field says how big it is.
func TestFirstTaskKeepsAPastesLinesAndLength(t *testing.T) {
	m := New(theme.Dark(), testKeys(), []Assistant{{"codex", "codex"}})
	m.ToggleTask()
	long := strings.Repeat("x", 5000)
	m, _, _ = m.Update(tea.PasteMsg{Content: "fix the flaky test\r\nthen run \x1b[31mgo vet\n" + long})
	_, task, ok := m.Chosen()
	if want := "fix the flaky test\nthen run go vet\n" + long; !ok || task != want {
		t.Fatalf("task = %q… (%d chars), want %d chars in three lines", ansi.Truncate(task, 60, "…"), len(task), len(want))
	}
	if view := ansi.Strip(m.View(70, 24)); !strings.Contains(view, "5035 characters · 3 lines") {
		t.Fatalf("no size counter under the field:\n%s", view)
	}
}
