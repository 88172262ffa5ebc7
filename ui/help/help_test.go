package help

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/theme"
)

func sample() []Section {
	return []Section{
		{Title: "Project list", Entries: []Entry{{"n", "Create a workspace"}, {"D", "Delete the selected workspace"}, {"a", "Add a project"}}},
		{Title: "Tab area", Entries: []Entry{{"t", "New agent tab"}, {"x", "Close the tab"}}},
	}
}

func press(m Model, ks ...string) Model {
	for _, k := range ks {
		var msg tea.KeyPressMsg
		switch k {
		case "enter":
			msg = tea.KeyPressMsg{Code: tea.KeyEnter}
		case "esc":
			msg = tea.KeyPressMsg{Code: tea.KeyEscape}
		default:
			msg = tea.KeyPressMsg{Code: []rune(k)[0], Text: k}
		}
		m, _, _ = m.Update(msg)
	}
	return m
}

func km() keys.Map { return keys.MustRegistry(keys.ComponentActions()...).Map() }

func TestHelpFiltersAndHasALegend(t *testing.T) {
	m := New(theme.Dark(), km(), sample(), "esc: close · every command is also in the palette (ctrl+space)")
	screen := ansi.Strip(m.View(70, 30))
	for _, g := range []string{"○", "●", "◆", "✓", "⏸", "■", "✗", "Badges", "blocked: an agent waits for you", "beside a workspace: uncommitted changes"} {
		if !strings.Contains(screen, g) {
			t.Errorf("legend lacks %q:\n%s", g, screen)
		}
	}
	m = press(m, "/", "w", "o", "r", "k", "s", "p")
	screen = ansi.Strip(m.View(70, 30))
	if !strings.Contains(screen, "Create a workspace") || !strings.Contains(screen, "Delete the selected workspace") {
		t.Fatalf("filter lost matches:\n%s", screen)
	}
	if strings.Contains(screen, "New agent tab") || strings.Contains(screen, "Tab area") || strings.Contains(screen, "Add a project") {
		t.Fatalf("filter kept what does not match:\n%s", screen)
	}
	m = press(m, "enter")
	if m.Filter() != "worksp" {
		t.Fatalf("filter %q", m.Filter())
	}
	// Esc clears the filter first; a second one is the parent's (close).
	m, _, used := m.Update(tea.KeyPressMsg{Code: tea.KeyEscape})
	if !used || m.Filter() != "" {
		t.Fatal("esc did not clear the filter")
	}
	if _, _, used := m.Update(tea.KeyPressMsg{Code: tea.KeyEscape}); used {
		t.Fatal("esc without a filter was kept from the parent")
	}
	m = press(m, "/", "b", "l", "o", "c", "k", "enter")
	if screen := ansi.Strip(m.View(70, 30)); !strings.Contains(screen, "◆") || strings.Contains(screen, "Create a workspace") {
		t.Fatalf("the legend is not filterable:\n%s", screen)
	}
}

// At 80×24 the footer wraps whole instead of being cut mid-word.
func TestFooterWrapsUncut(t *testing.T) {
	footer := "esc: close · every command is also in the palette (ctrl+space), which says why one is unavailable"
	m := New(theme.Dark(), km(), sample(), footer)
	view := ansi.Strip(m.View(40, 20))
	rows := strings.Split(view, "\n")
	if len(rows) != 20 {
		t.Fatalf("%d rows", len(rows))
	}
	joined := strings.Join(strings.Fields(view), " ")
	if !strings.Contains(joined, "which says why one is unavailable") {
		t.Fatalf("footer cut:\n%s", view)
	}
	for _, r := range rows {
		if strings.Contains(r, "…") && strings.Contains(r, "palette") {
			t.Fatalf("footer row cut: %q", r)
		}
	}
}
