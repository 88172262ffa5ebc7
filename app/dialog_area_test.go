package app

import (
	"fmt"
	"strings"
	"testing"

	uv "github.com/charmbracelet/ultraviolet"

	"charm.land/lipgloss/v2"

	"amux.dev/amux/ui/keys"
)

// Where a dialog goes (dialog_place.go), by the numbers: inside the tab
// area's frame when it is wide enough for the dialog, else the body's full
// width above the notice row; centred; never wider than dialogMaxWidth.

// Each layout's dialog area, for a small dialog and for the key list.
func TestTheDialogAreaAtEachLayout(t *testing.T) {
	cases := []struct {
		name    string
		w, h    int
		prepare func(t *testing.T, m *Model)
		small   uv.Rectangle
		smallIn bool // in the tab area, not the full width
		helpIn  bool
	}{
		{"80x24", 80, 24, func(*testing.T, *Model) {}, uv.Rect(0, 0, 80, 22), false, false},
		{"80x24 list hidden", 80, 24, func(t *testing.T, m *Model) { pressAction(t, m, actToggleList) },
			uv.Rect(1, 1, 78, 21), true, false},
		{"80x24 zoomed", 80, 24, func(t *testing.T, m *Model) { pressAction(t, m, actZoom) }, uv.Rect(0, 0, 80, 22), true, true},
		{"120x40", 120, 40, func(*testing.T, *Model) {}, uv.Rect(31, 1, 88, 37), true, true},
		{"200x50 with the sidebar", 200, 50, func(*testing.T, *Model) {}, uv.Rect(45, 1, 114, 47), true, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := newTestModel(t, c.w, c.h)
			withTabs(m, 1)
			c.prepare(t, m)
			if m.focus != focusTabArea {
				pressAction(t, m, actFocusTabArea)
			}
			pressAction(t, m, actRenameTab)
			area, full := dialogArea(m.overlay, m.width, m.layout())
			if area != c.small || full == c.smallIn {
				t.Fatalf("rename: area %v (full %v), want %v (in the tab area %v)", area, full, c.small, c.smallIn)
			}
			m.overlay = nil
			m.run(actHelp)
			if _, full := dialogArea(m.overlay, m.width, m.layout()); full == c.helpIn {
				t.Fatalf("the key list: full width %v, want in the tab area %v", full, c.helpIn)
			}
		})
	}
}

// No dialog is wider than dialogMaxWidth, however wide the screen.
func TestNoDialogIsWiderThanTheMaximum(t *testing.T) {
	for _, id := range []keys.ActionID{actPalette, actHelp, actSettings, actRenameTab, actCloseTab, actNewAgent, actStatus} {
		m := newTestModel(t, 300, 60)
		withTabs(m, 1)
		if id == actPalette {
			m.run(actPalette)
		} else {
			m.run(id)
		}
		if m.overlay == nil {
			t.Fatalf("%s opened nothing (%q)", id, m.notice.text)
		}
		area, _ := dialogArea(m.overlay, m.width, m.layout())
		if w := lipgloss.Width(overlayView(m.overlay, min(area.Dx(), dialogMaxWidth), area.Dy())); w > dialogMaxWidth {
			t.Errorf("%s: %d wide at 300 columns", id, w)
		}
	}
}

// A dialog sits in the middle of its area: the cells it changed are as far
// from the area's left as from its right, and from its top as its bottom.
func TestADialogIsCentredInItsArea(t *testing.T) {
	for _, size := range [][2]int{{120, 40}, {200, 50}, {80, 24}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			m := newTestModel(t, size[0], size[1])
			withTabs(m, 1)
			m.run(actRenameTab)
			o := m.overlay
			m.overlay = nil
			base := rows(m)
			m.overlay = o
			got := rows(m)
			area, _ := dialogArea(m.overlay, m.width, m.layout())
			minX, maxX, minY, maxY := area.Max.X, -1, area.Max.Y, -1
			for y := area.Min.Y; y < area.Max.Y; y++ {
				g := []rune(pad(lightGlyphs.Replace(got[y]), size[0]))
				b := []rune(pad(lightGlyphs.Replace(base[y]), size[0]))
				for x := area.Min.X; x < area.Max.X; x++ {
					if g[x] != b[x] {
						minX, maxX, minY, maxY = min(minX, x), max(maxX, x), min(minY, y), max(maxY, y)
					}
				}
			}
			if maxX < 0 {
				t.Fatal("the dialog changed nothing in its area")
			}
			left, right := minX-area.Min.X, area.Max.X-1-maxX
			top, bottom := minY-area.Min.Y, area.Max.Y-1-maxY
			if d := left - right; d < -1 || d > 1 {
				t.Errorf("%d cells left of the dialog, %d right of it", left, right)
			}
			if d := top - bottom; d < -1 || d > 1 {
				t.Errorf("%d rows above the dialog, %d below it", top, bottom)
			}
		})
	}
}

// At the smallest size a tall dialog is cut to its area: the notice row and
// the footer stay where they are.
func TestATallDialogIsCutAboveTheNoticeRow(t *testing.T) {
	m := newTestModel(t, 80, 24)
	m.run(actHelp)
	r := rows(m)
	if len(r) != 24 {
		t.Fatalf("%d rows", len(r))
	}
	if !strings.HasPrefix(lightGlyphs.Replace(r[22]), "╰──") {
		t.Fatalf("the notice row is covered: %q", r[22])
	}
	if !strings.HasPrefix(r[23], " dialog ") {
		t.Fatalf("the footer is covered: %q", r[23])
	}
}
