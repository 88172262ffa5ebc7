package app

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/config"
)

// The footer (footer.go): the focused pane's name, then the keys that work
// there as many as fit, each whole, and where the rest are when some do
// not fit. It is exactly the screen's width.

// footerState is one place the keys can be, reached on the sample
// workbench at some width.
type footerState struct {
	name  string
	badge string
	reach func(t *testing.T, m *Model)
}

func footerStates() []footerState {
	return []footerState{
		{"list on a project", "list", func(t *testing.T, m *Model) {}},
		{"list on a workspace", "list", func(t *testing.T, m *Model) { withTabs(m, 1) }},
		{"tab area, no tab", "tab area", func(t *testing.T, m *Model) {
			m.list.rows.SelectWorkspace("2222222222222222")
			pressAction(t, m, actFocusTabArea)
		}},
		{"tab area", "tab area: claude", func(t *testing.T, m *Model) { withTabs(m, 1); pressAction(t, m, actFocusTabArea) }},
		{"zoomed", "tab area: claude · zoomed", func(t *testing.T, m *Model) { withTabs(m, 1); pressAction(t, m, actZoom) }},
		{"filter", "list: filter", func(t *testing.T, m *Model) { pressAction(t, m, actFilter) }},
		{"dialog", "dialog", func(t *testing.T, m *Model) { m.run(actPalette) }},
		{"sidebar", "sidebar: Changes", func(t *testing.T, m *Model) {
			withTabs(m, 1)
			m.side.show = sideShown
			m.focus = focusSidebar
			m.Update(nil)
		}},
		{"sidebar project", "sidebar: Project", func(t *testing.T, m *Model) {
			withTabs(m, 1)
			m.side.show, m.side.tab, m.focus = sideShown, sideProject, focusSidebar
			m.Update(nil)
		}},
	}
}

// In every state and at every width, the footer is exactly the screen's
// width and starts with the focused pane's name.
func TestTheFooterIsTheScreensWidthAndNamesTheFocus(t *testing.T) {
	for _, st := range footerStates() {
		for _, w := range []int{80, 97, 120, 160, 240} {
			m := newTestModel(t, w, 30)
			st.reach(t, m)
			got := m.painter().renderFooter()
			if n := ansi.StringWidth(got); n != w {
				t.Errorf("%s at %d: footer %d wide", st.name, w, n)
			}
			if plain := ansi.Strip(got); !strings.HasPrefix(plain, " "+st.badge+" ") {
				t.Errorf("%s at %d: footer %q, want it to name %q", st.name, w, plain, st.badge)
			}
		}
	}
}

// footerSegments splits a footer's hints at their separators, the badge off.
func footerSegments(footer, badge string) []string {
	rest := strings.TrimPrefix(footer, " "+badge+" ")
	return strings.Split(strings.TrimSpace(rest), " · ")
}

// Each hint shown at a narrow width is whole, one the wide footer shows,
// in the same order; what is left out is marked, never cut silently.
func TestNarrowFootersShowWholeHintsThenAMarker(t *testing.T) {
	for _, st := range footerStates() {
		wide := newTestModel(t, 400, 30)
		st.reach(t, wide)
		all := footerSegments(rows(wide)[29], st.badge)
		if strings.Contains(rows(wide)[29], "…") {
			t.Fatalf("%s: at 400 columns the footer still leaves keys out: %q", st.name, rows(wide)[29])
		}
		for _, w := range []int{80, 90, 100, 110} {
			m := newTestModel(t, w, 30)
			st.reach(t, m)
			footer := rows(m)[29]
			got := footerSegments(footer, st.badge)
			if last := got[len(got)-1]; strings.HasPrefix(last, "…") {
				got = got[:len(got)-1]
			} else if len(got) != len(all) {
				t.Fatalf("%s at %d: keys left out without a marker: %q", st.name, w, footer)
			}
			for i, h := range got {
				if i >= len(all) || h != all[i] {
					t.Fatalf("%s at %d: hint %d is %q, want %q (whole, in order): %q", st.name, w, i, h, all[min(i, len(all)-1)], footer)
				}
			}
		}
	}
}

// Only keys that can run now are offered: a project row offers no delete
// or new tab; a workspace does; a shelved one offers no new tab.
func TestTheFooterOffersOnlyWhatCanRun(t *testing.T) {
	m := newTestModel(t, 240, 30)
	footer := func() string { return rows(m)[29] }
	if f := footer(); strings.Contains(f, "D delete") || strings.Contains(f, "t agent") {
		t.Fatalf("on a project row: %q", f)
	}
	m.list.rows.SelectWorkspace("1111111111111111")
	m.Update(nil)
	if f := footer(); !strings.Contains(f, "D delete") || !strings.Contains(f, "t agent") {
		t.Fatalf("on a workspace: %q", f)
	}
	m.list.rows.SelectWorkspace("3333333333333333") // old-spike, shelved
	m.Update(nil)
	if f := footer(); strings.Contains(f, "t agent") {
		t.Fatalf("on a shelved workspace: %q", f)
	}
	// The tab area without a tab offers no way into a program.
	pressAction(t, m, actFocusTabArea)
	if f := footer(); strings.Contains(f, "type in tab") {
		t.Fatalf("the tab area without a tab: %q", f)
	}
}

// The fixed footers: a dialog has the keys, the filter field types.
func TestTheDialogAndFilterFooters(t *testing.T) {
	m := newTestModel(t, 120, 30)
	pressAction(t, m, actFilter)
	if f := rows(m)[29]; f != " list: filter  type to filter · enter keep · esc clear" {
		t.Fatalf("filtering: %q", f)
	}
	m.Update(keyPress(t, "esc"))
	m.run(actPalette)
	if f := rows(m)[29]; f != " dialog  keys go to the dialog" {
		t.Fatalf("a dialog: %q", f)
	}
}

// With the key hints off in the settings, the footer is the focus alone.
func TestKeyHintsOffLeavesTheFocusName(t *testing.T) {
	cfg := config.Defaults()
	cfg.UI.ShowKeyHints = false
	m := New(withEngine(Deps{Config: cfg, Now: time.Now, Zone: time.UTC}, testEngine(t)))
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 30})
	m.Update(loadedMsg{gen: m.list.loadGen, snap: sampleSnapshot()})
	if f := rows(m)[29]; f != " list" {
		t.Fatalf("hints off: footer %q", f)
	}
	if n := ansi.StringWidth(m.painter().renderFooter()); n != 120 {
		t.Fatalf("hints off: footer %d wide", n)
	}
}

// A key remapped in config.json is the key the footer shows: the hints
// come from the registry, never from a literal.
func TestTheFooterShowsRemappedKeys(t *testing.T) {
	cfg := config.Defaults()
	cfg.Keys = map[string][]string{string(actHelp): {"f1"}, string(actQuit): {"ctrl+q"}}
	m := New(withEngine(Deps{Config: cfg, Now: time.Now, Zone: time.UTC}, testEngine(t)))
	m.Update(tea.WindowSizeMsg{Width: 200, Height: 30})
	m.Update(loadedMsg{gen: m.list.loadGen, snap: sampleSnapshot()})
	f := rows(m)[29]
	if !strings.Contains(f, "f1 help") || !strings.Contains(f, "ctrl+q quit") || strings.Contains(f, "? help") {
		t.Fatalf("remapped keys: footer %q", f)
	}
	m.Update(keyPress(t, "f1"))
	if m.overlay == nil {
		t.Fatal("the remapped key does not open the key list")
	}
}

// fitHints' marker: with the key list reachable and keyed here it points
// there; from the tab area (no key list key) to the palette; and it is a
// bare "…" once that entry is among the hints shown.
func TestTheMarkerPointsWhereTheRestAre(t *testing.T) {
	m := newTestModel(t, 120, 30)
	hs := m.painter().hints()
	if hs[0].id != actPalette || hs[1].id != actHelp {
		t.Fatalf("the list's first hints are %q, %q", hs[0].id, hs[1].id)
	}
	plain := func(s string) string { return ansi.Strip(s) }
	if got := plain(m.painter().fitHints(hs[2:], 30)); !strings.HasSuffix(got, "… ? help") {
		t.Fatalf("without the help hint: %q", got)
	}
	if got := plain(m.painter().fitHints(hs, 30)); got != "ctrl+space commands · … ? help" {
		t.Fatalf("the help hint not reached: %q", got)
	}
	if got := plain(m.painter().fitHints(hs, 35)); got != "ctrl+space commands · ? help · …" {
		t.Fatalf("with the help hint shown: %q", got)
	}
	if got := plain(m.painter().fitHints(hs, 1000)); strings.Contains(got, "…") {
		t.Fatalf("room for all: %q", got)
	}
	pressAction(t, m, actFocusTabArea)
	cs := m.painter().hints()
	if got := plain(m.painter().fitHints(cs[1:], 20)); !strings.HasSuffix(got, "… ctrl+space commands") {
		t.Fatalf("the tab area without the palette hint: %q", got)
	}
	for _, set := range [][]hint{hs, hs[2:], cs, cs[1:]} {
		for room := 30; room <= 120; room++ {
			if got := m.painter().fitHints(set, room); ansi.StringWidth(got) > room {
				t.Fatalf("room %d: hints %d wide: %q", room, ansi.StringWidth(got), plain(got))
			}
		}
	}
}
