package app

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"charm.land/lipgloss/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/ui/keys"
)

// lightGlyphs draws focus out of a screen: with a dialog open no pane is
// focused, so the frames behind it are light.
var lightGlyphs = strings.NewReplacer("┏", "╭", "┓", "╮", "┗", "╰", "┛", "╯", "━", "─", "┃", "│")

// Every dialog follows one rule (dialog_place.go): inside the tab area's
// frame, leaving every cell outside it as it was; where the tab area is too
// narrow, a rectangle whose rows are cleared edge to edge, with the notice
// row and the footer kept.
func TestEveryDialogFollowsThePlacementRule(t *testing.T) {
	dialogs := []struct {
		name string
		open func(m *Model)
	}{
		{"palette", func(m *Model) { m.run(actPalette) }},
		{"help", func(m *Model) { m.run(actHelp) }},
		{"settings", func(m *Model) { m.run(actSettings) }},
		{"rename tab", func(m *Model) { m.run(actRenameTab) }},
		{"close tab", func(m *Model) { m.run(actCloseTab) }},
		{"new workspace", func(m *Model) { m.list.rows.SelectProject("/home/dev/code/api"); m.run(actNewWorkspace) }},
		{"assistant picker", func(m *Model) { m.run(actNewAgent) }},
	}
	for _, size := range [][2]int{{80, 24}, {120, 40}, {200, 50}} {
		for _, d := range dialogs {
			t.Run(fmt.Sprintf("%s %dx%d", d.name, size[0], size[1]), func(t *testing.T) {
				m := newTestModel(t, size[0], size[1])
				withTabs(m, 1)
				d.open(m)
				base := func() []string { o := m.overlay; m.overlay = nil; defer func() { m.overlay = o }(); return rows(m) }()
				if m.overlay == nil {
					t.Fatal("no dialog opened")
				}
				got := rows(m)
				l := m.layout()
				area, full := dialogArea(m.overlay, m.width, l)
				// The key list and Settings want a dialog's full width: a
				// narrower tab area gives them the body's.
				_, roomy := m.overlay.(modal.Roomy)
				if want := size[0] < 100 || roomy && l.tabAreaInner(m.width).Dx() < modal.RoomyWidth; full != want {
					t.Fatalf("full width %v at %d columns (tab area %d wide)", full, size[0], l.tabAreaInner(m.width).Dx())
				}
				var x0s []int
				bw := lipgloss.Width(overlayView(m.overlay, min(area.Dx(), dialogMaxWidth), area.Dy()))
				bx := (area.Dx() - bw) / 2
				for y := range l.bodyHeight {
					g, b := []rune(pad(lightGlyphs.Replace(got[y]), size[0])), []rune(pad(lightGlyphs.Replace(base[y]), size[0]))
					if full {
						if string(g) == string(b) {
							continue
						}
						if y >= area.Max.Y {
							t.Fatalf("row %d (the notice row) is the dialog's:\n%s", y, screenText(m))
						}
						x0s = append(x0s, len(g)-len([]rune(strings.TrimLeft(string(g), " "))))
						if strings.TrimSpace(string(g[:bx])) != "" || strings.TrimSpace(string(g[bx+bw:])) != "" {
							t.Fatalf("row %d shows what is behind beside the dialog:\n%s", y, screenText(m))
						}
						continue
					}
					for x := range size[0] {
						if (y < area.Min.Y || y >= area.Max.Y || x < area.Min.X || x >= area.Max.X) && g[x] != b[x] {
							t.Fatalf("cell %d,%d outside the tab area changed:\n%s", x, y, screenText(m))
						}
					}
				}
				for _, x := range x0s {
					if x != x0s[0] {
						t.Fatalf("dialog rows start at %v: something behind shows beside it:\n%s", x0s, screenText(m))
					}
				}
				if f := got[len(got)-1]; !strings.HasPrefix(f, " dialog ") {
					t.Fatalf("footer %q", f)
				}
			})
		}
	}
}

func pad(s string, w int) string {
	if n := len([]rune(s)); n < w {
		return s + strings.Repeat(" ", w-n)
	}
	return s
}

// The rule at the smallest and a large size, as golden screens.
func TestGoldenDialog(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {200, 50}} {
		w, h := size[0], size[1]
		t.Run(fmt.Sprintf("%dx%d", w, h), func(t *testing.T) {
			m := newTestModel(t, w, h)
			withTabs(m, 2)
			m.run(actRenameTab)
			got := screenText(m)
			path := fmt.Sprintf("testdata/dialog_%dx%d.golden", w, h)
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Fatalf("screen differs from %s (run with -update if intended):\n%s", path, got)
			}
		})
	}
}

// Where the tab area holds a small dialog but not the key list or Settings
// (110 columns: 78 inside the frame), those two take the body's width;
// a small dialog stays in the tab area.
func TestHelpAndSettingsTakeTheBodyWhereTheTabAreaIsTooSmall(t *testing.T) {
	for _, id := range []keys.ActionID{actHelp, actSettings, actRenameTab} {
		m := newTestModel(t, 110, 40)
		withTabs(m, 1)
		m.run(id)
		in := m.layout().tabAreaInner(m.width)
		if in.Dx() < dialogMinWidth || in.Dx() >= modal.RoomyWidth {
			t.Fatalf("the tab area is %d wide: the case is not between the two widths", in.Dx())
		}
		_, full := dialogArea(m.overlay, m.width, m.layout())
		if want := id != actRenameTab; full != want {
			t.Errorf("%s: full width %v, want %v (tab area %d wide)", id, full, want, in.Dx())
		}
	}
}
