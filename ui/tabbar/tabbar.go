// Package tabbar draws a workspace's tab bar in a given width. When the
// tabs do not fit, the shown tab stays in sight and each side that hides
// tabs gets a marker with how many and the most urgent badge among them
// ("‹◆+2", "+3✓›"), so a blocked tab is never hidden without a trace.
package tabbar

import (
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/ui/badge"
	"amux.dev/amux/ui/theme"
)

// Tab is one tab as the bar shows it.
type Tab struct {
	Label   string     // "1 claude"
	Badge   badge.Kind // its state
	Spinner string     // the working spinner's current frame; "" uses the still glyph
	Suffix  string     // drawn right after the glyph: an exited program's status ("3")
}

// Span is where a drawn tab is, for mouse clicks: cells [X0, X1).
type Span struct{ Index, X0, X1 int }

// Bar is a drawn tab bar.
type Bar struct {
	Line        string // exactly width cells, styled
	Spans       []Span // the tabs drawn, left to right
	HiddenLeft  int    // tabs hidden before the first drawn
	HiddenRight int    // and after the last
	Used        int    // cells the tabs and markers take; the rest of Line is padding
}

// At is the tab under cell x, if any.
func (b Bar) At(x int) (int, bool) {
	for _, s := range b.Spans {
		if x >= s.X0 && x < s.X1 {
			return s.Index, true
		}
	}
	return 0, false
}

// Render draws tabs in width cells with the active one selected.
func Render(th theme.Theme, tabs []Tab, active, width int) Bar {
	if len(tabs) == 0 || width <= 0 {
		return Bar{Line: strings.Repeat(" ", max(width, 0))}
	}
	active = max(0, min(active, len(tabs)-1))
	cells := make([]string, len(tabs))
	widths := make([]int, len(tabs))
	for i, t := range tabs {
		cells[i] = cell(th, t, i == active)
		widths[i] = lipgloss.Width(cells[i])
	}
	lo, hi := active, active
	fits := func(lo, hi int) bool {
		total := 0
		for i := lo; i <= hi; i++ {
			total += widths[i]
		}
		if lo > 0 {
			total += lipgloss.Width(marker(th, tabs[:lo], true))
		}
		if hi < len(tabs)-1 {
			total += lipgloss.Width(marker(th, tabs[hi+1:], false))
		}
		return total <= width
	}
	for grown := true; grown; {
		grown = false
		if hi+1 < len(tabs) && fits(lo, hi+1) {
			hi, grown = hi+1, true
		}
		if lo > 0 && fits(lo-1, hi) {
			lo, grown = lo-1, true
		}
	}
	var b strings.Builder
	bar := Bar{HiddenLeft: lo, HiddenRight: len(tabs) - 1 - hi}
	x := 0
	if lo > 0 {
		m := marker(th, tabs[:lo], true)
		b.WriteString(m)
		x += lipgloss.Width(m)
	}
	right := ""
	if hi < len(tabs)-1 {
		right = marker(th, tabs[hi+1:], false)
	}
	room := width - x - lipgloss.Width(right)
	for i := lo; i <= hi; i++ {
		c := cells[i]
		if lo == hi && widths[i] > room {
			c = ansi.Truncate(c, max(room, 1), "…") // a lone tab wider than the bar
		}
		b.WriteString(c)
		w := lipgloss.Width(c)
		bar.Spans = append(bar.Spans, Span{Index: i, X0: x, X1: x + w})
		x += w
	}
	bar.Used = x + lipgloss.Width(right)
	if bar.HiddenRight == 0 {
		bar.Used = x
	}
	if pad := width - x - lipgloss.Width(right); pad > 0 {
		b.WriteString(strings.Repeat(" ", pad))
		x += pad
	}
	b.WriteString(right)
	bar.Line = ansi.Truncate(b.String(), width, "")
	return bar
}

// cell is one tab: its badge (when it has one) and label, a space after.
func cell(th theme.Theme, t Tab, selected bool) string {
	style := th.MutedStyle()
	if selected {
		style = th.SelectedStyle().Bold(true)
	}
	s := ""
	if t.Badge != badge.Idle {
		g := t.Badge.Glyph()
		if t.Badge == badge.Working && t.Spinner != "" {
			g = t.Spinner
		}
		s = th.Style(t.Badge.Color(th)).Render(g + t.Suffix)
	}
	return s + style.Render(" "+t.Label+" ") + " "
}

// marker is the overflow mark for hidden tabs on one side.
func marker(th theme.Theme, hidden []Tab, left bool) string {
	kinds := make([]badge.Kind, len(hidden))
	for i, t := range hidden {
		kinds[i] = t.Badge
	}
	k := badge.MostUrgent(kinds...)
	n := "+" + strconv.Itoa(len(hidden))
	g := ""
	if k != badge.Idle {
		g = th.Style(k.Color(th)).Bold(true).Render(k.Glyph())
	}
	if left {
		return th.MutedStyle().Render("‹") + g + th.MutedStyle().Render(n) + " "
	}
	return " " + th.MutedStyle().Render(n) + g + th.MutedStyle().Render("›")
}
