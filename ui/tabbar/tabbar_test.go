package tabbar

import (
	"fmt"
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/ui/badge"
	"amux.dev/amux/ui/theme"
)

func seven() []Tab {
	var tabs []Tab
	for i := range 7 {
		tabs = append(tabs, Tab{Label: fmt.Sprintf("%d agent-%d", i+1, i+1)})
	}
	tabs[5].Badge = badge.Blocked
	tabs[6].Badge = badge.Done
	return tabs
}

// At 80×24 the tab area is narrow: tabs 6–7 (one blocked) do not fit, and
// the bar says so with a count and the blocked badge.
func TestOverflowShowsCountAndMostUrgentBadge(t *testing.T) {
	th := theme.Dark()
	bar := Render(th, seven(), 0, 48)
	line := ansi.Strip(bar.Line)
	if lipgloss.Width(bar.Line) != 48 {
		t.Fatalf("bar is %d wide: %q", lipgloss.Width(bar.Line), line)
	}
	if bar.HiddenRight == 0 || !strings.Contains(line, fmt.Sprintf("+%d◆›", bar.HiddenRight)) {
		t.Fatalf("no overflow marker with the blocked badge: %q", line)
	}
	if !strings.Contains(line, "1 agent-1") {
		t.Fatalf("the shown tab is hidden: %q", line)
	}
	// Showing the last tab keeps it in sight, with a marker on the left.
	bar = Render(th, seven(), 6, 48)
	line = ansi.Strip(bar.Line)
	if !strings.Contains(line, "7 agent-7") || !strings.HasPrefix(line, "‹") || bar.HiddenLeft == 0 {
		t.Fatalf("last tab: %q", line)
	}
	if bar.Spans[len(bar.Spans)-1].Index != 6 {
		t.Fatal("spans miss the shown tab")
	}
	// Everything fits: no markers.
	bar = Render(th, seven(), 3, 200)
	if strings.ContainsAny(ansi.Strip(bar.Line), "‹›") || bar.HiddenLeft+bar.HiddenRight != 0 || len(bar.Spans) != 7 {
		t.Fatalf("wide bar: %q", ansi.Strip(bar.Line))
	}
}

func TestClicksMapToTheDrawnTab(t *testing.T) {
	bar := Render(theme.Dark(), seven(), 2, 60)
	for _, s := range bar.Spans {
		if i, ok := bar.At(s.X0); !ok || i != s.Index {
			t.Fatalf("x=%d → %d %v, want %d", s.X0, i, ok, s.Index)
		}
	}
	line := ansi.Strip(bar.Line)
	s := bar.Spans[0]
	if got := []rune(line); !strings.Contains(string(got[s.X0:s.X1]), fmt.Sprintf("%d agent", s.Index+1)) {
		t.Fatalf("span %+v covers %q", s, string(got[s.X0:s.X1]))
	}
}

func TestALoneTabWiderThanTheBarIsCut(t *testing.T) {
	bar := Render(theme.Dark(), []Tab{{Label: strings.Repeat("x", 100)}}, 0, 20)
	if lipgloss.Width(bar.Line) != 20 {
		t.Fatalf("width %d", lipgloss.Width(bar.Line))
	}
}
