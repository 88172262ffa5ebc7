package app

import (
	"context"
	"fmt"
	"image/color"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/review"
	"amux.dev/amux/config"
	"amux.dev/amux/git/udiff"
	"amux.dev/amux/ui/changes"
	"amux.dev/amux/ui/screen"
	"amux.dev/amux/ui/theme"
	"amux.dev/amux/workspace"
)

// themedModel is newTestModel in theme name.
func themedModel(t *testing.T, name string, w, h int) *Model {
	t.Helper()
	cfg := config.Defaults()
	cfg.UI.Theme = name
	m := New(withEngine(Deps{Config: cfg, Now: time.Now, Zone: time.UTC}, testEngine(t)))
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	m.Update(loadedMsg{gen: m.list.loadGen, snap: sampleSnapshot()})
	if m.th.Name != name {
		t.Fatalf("theme %q, want %q", m.th.Name, name)
	}
	return m
}

// paintedScreens are the screens the painting tests look at: the layout
// with its list, tab bar, a detached tab, sidebar, notice row and footer; a
// dialog over it; the full-screen diff viewer; and the too-small notice.
var paintedScreens = []struct {
	name string
	w, h int
	open func(m *Model)
}{
	{"layout 80x24", 80, 24, func(m *Model) { withTabs(m, 2) }},
	{"layout 200x50", 200, 50, func(m *Model) { withTabs(m, 2) }},
	{"help dialog", 120, 40, func(m *Model) { withTabs(m, 1); m.run(actHelp) }},
	{"settings dialog", 80, 24, func(m *Model) { m.run(actSettings) }},
	{"diff viewer", 120, 40, func(m *Model) {
		withTabs(m, 1)
		m.review = review.New(review.Deps{Review: oneDiff{files: udiff.Parse("diff --git a/main.go b/main.go\n--- a/main.go\n+++ b/main.go\n" +
			"@@ -1,2 +1,2 @@\n package main\n-func old() {}\n+func new() {} // why\n")}, Keys: m.km, Registry: m.reg, ToggleSidebar: actToggleSidebar})
		cmd := m.applyOwned(m.review.Update(review.OpenFileDiff{WS: "1111111111111111", File: changes.File{Path: "auth-fix"}, Group: changes.Unstaged}, m.reviewScene()))
		for _, msg := range cmdMessages(cmd) {
			m.Update(msg)
		}
	}},
	{"too small", 60, 20, func(*Model) {}},
}

// oneDiff is a review service whose every diff is files (the rest of the
// service is not called).
type oneDiff struct {
	workspace.ReviewService
	files []udiff.File
}

func (d oneDiff) Diff(context.Context, string, workspace.DiffRequest) ([]udiff.File, error) {
	return d.files, nil
}

// cmdMessages runs cmd and the commands of any batch it returns, and gives
// back the messages that are not batches.
func cmdMessages(cmd tea.Cmd) []tea.Msg {
	var out []tea.Msg
	for queue := []tea.Cmd{cmd}; len(queue) > 0; queue = queue[1:] {
		if queue[0] == nil {
			continue
		}
		switch msg := queue[0]().(type) {
		case nil:
		case tea.BatchMsg:
			queue = append(queue, msg...)
		default:
			out = append(out, msg)
		}
	}
	return out
}

// drawCanvas draws m's screen on a fresh canvas, as the screen would.
func drawCanvas(m *Model) *screen.Canvas {
	c := screen.NewCanvas(m.width, m.height)
	var st paintState
	m.painter().draw(c, &st)
	return c
}

// A theme with a background paints it under every cell amux draws, and
// every cell has a foreground of the theme's: what the contrast test checks
// (text on the background) is what the person sees, whatever the
// terminal's own colours are. Only the cursor rows have a background of
// their own, the theme's selection colours.
func TestThemeBackgroundIsPaintedUnderEveryCell(t *testing.T) {
	for _, name := range []string{"light", "dark", "high-contrast-light"} {
		th, _ := theme.ByName(name)
		rows := map[color.Color]bool{th.Background: true, th.Selected: true, th.SelectedBlur: true}
		for _, s := range paintedScreens {
			t.Run(fmt.Sprintf("%s %s", name, s.name), func(t *testing.T) {
				m := themedModel(t, name, s.w, s.h)
				s.open(m)
				c := drawCanvas(m)
				bgCells := 0
				for y := range s.h {
					for x := range s.w {
						cell := c.CellAt(x, y)
						if cell == nil {
							t.Fatalf("cell %d,%d is nil", x, y)
						}
						if !rows[cell.Style.Bg] {
							t.Fatalf("cell %d,%d (%q) has background %v, want the theme's %v:\n%s", x, y, cell.Content, cell.Style.Bg, th.Background, screenText(m))
						}
						if cell.Style.Fg == nil {
							t.Fatalf("cell %d,%d (%q) is in the terminal's default foreground", x, y, cell.Content)
						}
						if cell.Style.Bg == th.Background {
							bgCells++
						}
					}
				}
				if bgCells < s.w*s.h/2 {
					t.Fatalf("only %d of %d cells on the theme's background", bgCells, s.w*s.h)
				}
			})
		}
	}
}

// The terminal theme paints nothing: the terminal's own background and
// foreground show everywhere but on the cursor rows, and the cursor keeps
// the terminal's colour.
func TestTerminalThemePaintsNothing(t *testing.T) {
	th, _ := theme.ByName("terminal")
	for _, s := range paintedScreens {
		t.Run(s.name, func(t *testing.T) {
			m := themedModel(t, "terminal", s.w, s.h)
			s.open(m)
			c := drawCanvas(m)
			if fg, bg := c.Fill(); fg != nil || bg != nil {
				t.Fatalf("canvas fill %v on %v", fg, bg)
			}
			plain := 0
			for y := range s.h {
				for x := range s.w {
					cell := c.CellAt(x, y)
					switch cell.Style.Bg {
					case nil:
						plain++
					case th.SelectedBlur:
					default:
						t.Fatalf("cell %d,%d (%q) painted %v", x, y, cell.Content, cell.Style.Bg)
					}
				}
			}
			if plain < s.w*s.h/2 {
				t.Fatalf("only %d of %d cells on the terminal's background", plain, s.w*s.h)
			}
		})
	}
	if cur := screenCursorOf(tea.NewCursor(3, 4), th); cur == nil || cur.Color != nil {
		t.Fatalf("terminal theme's cursor %+v, want the terminal's colour", cur)
	}
}

// Switching theme (the settings preview does it on every move) repaints
// every cell in the new theme's colours, not only the ones whose text
// changed; on a painted background the cursor takes the theme's text colour.
func TestThemeSwitchRepaintsEveryCell(t *testing.T) {
	m := themedModel(t, "light", 120, 40)
	withTabs(m, 1)
	c := screen.NewCanvas(120, 40)
	var st paintState
	m.painter().draw(c, &st)
	dark, _ := theme.ByName("dark")
	m.th = dark
	m.Update(nil) // what the settings preview's message does: the chrome is redrawn
	m.painter().draw(c, &st)
	for y := range 40 {
		for x := range 120 {
			if bg := c.CellAt(x, y).Style.Bg; bg != dark.Background && bg != dark.Selected && bg != dark.SelectedBlur {
				t.Fatalf("cell %d,%d still %v after the switch to dark", x, y, bg)
			}
		}
	}
	term, _ := theme.ByName("terminal")
	m.th = term
	m.Update(nil)
	m.painter().draw(c, &st)
	if bg := c.CellAt(60, 20).Style.Bg; bg != nil {
		t.Fatalf("cell 60,20 still painted %v in the terminal theme", bg)
	}
	// The real cursor is in an embedded terminal, which keeps the
	// terminal's colours: so does the cursor, whatever the theme.
	if cur := screenCursorOf(tea.NewCursor(3, 4), dark); cur == nil || cur.Color != nil || cur.X != 3 || cur.Y != 4 {
		t.Fatalf("cursor %+v, want it at 3,4 in the terminal's colour", cur)
	}
}
