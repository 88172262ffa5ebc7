package app

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/app/dialogs"
	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/review"
	"amux.dev/amux/config"
	"amux.dev/amux/ui/screen"
	"amux.dev/amux/ui/termview"
	"amux.dev/amux/ui/theme"
)

// Drawing (draw.go): the screen is drawn onto one canvas that keeps what
// it holds between messages, redoing only what changed. Whatever happened
// in between, what it shows must be what a fresh draw shows.

// canvasRun is one long-lived canvas and its paint state, as the running
// program keeps them.
type canvasRun struct {
	m  *Model
	c  *screen.Canvas
	st paintState
}

func newCanvasRun(m *Model) *canvasRun {
	return &canvasRun{m: m, c: screen.NewCanvas(m.width, m.height)}
}

// draw draws onto the kept canvas and returns it styled.
func (r *canvasRun) draw() string {
	r.m.painter().draw(r.c, &r.st)
	return r.c.Render()
}

// plainScreen is a styled screen as screenText gives it.
func plainScreen(styled string) string {
	lines := strings.Split(ansi.Strip(styled), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n") + "\n"
}

// After every step of a long session (focus moves, tabs, zoom, a hidden
// list, dialogs, notices, resizes through "too small", a theme change) the
// kept canvas shows exactly what a fresh canvas would, colours and all.
func TestTheKeptCanvasAlwaysMatchesAFreshDraw(t *testing.T) {
	m := newTestModel(t, 120, 40)
	r := newCanvasRun(m)
	light, err := theme.Lookup(config.Defaults(), "light")
	if err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		name string
		do   func()
	}{
		{"nothing", func() {}},
		{"down", func() { pressAction(t, m, actDown) }},
		{"tabs", func() { withTabs(m, 3) }},
		{"focus the tabs", func() { pressAction(t, m, actFocusTabArea) }},
		{"tab 2", func() { m.Update(keyPress(t, "2")) }},
		{"zoom", func() { pressAction(t, m, actZoom) }},
		{"zoom off", func() { pressAction(t, m, actZoom) }},
		{"hide the list", func() { pressAction(t, m, actToggleList) }},
		{"palette", func() { pressAction(t, m, actPalette) }},
		{"type into it", func() { m.Update(keyPress(t, "s")) }},
		{"close it", func() { m.Update(keyPress(t, "esc")) }},
		{"show the list", func() { pressAction(t, m, actToggleList) }},
		{"a notice", func() { m.Update(nil); m.say(modal.LevelError, "something failed") }},
		{"a redraw", func() { m.Update(nil) }},
		{"the key list", func() { pressAction(t, m, actFocusList); pressAction(t, m, actHelp) }},
		{"close the key list", func() { m.Update(keyPress(t, "esc")) }},
		{"wider", func() { m.Update(tea.WindowSizeMsg{Width: 200, Height: 50}) }},
		{"sidebar focus", func() { pressAction(t, m, actFocusTabArea); pressAction(t, m, actFocusSidebar) }},
		{"too small", func() { m.Update(tea.WindowSizeMsg{Width: 70, Height: 20}) }},
		{"back", func() { m.Update(tea.WindowSizeMsg{Width: 120, Height: 40}) }},
		{"filter", func() { pressAction(t, m, actFocusList); pressAction(t, m, actFilter); m.Update(keyPress(t, "p")) }},
		{"filter kept", func() { m.Update(keyPress(t, "enter")) }},
		{"light theme", func() { m.update(dialogs.ThemeRequest{Theme: light}); m.Update(nil) }},
		{"rename dialog", func() { pressAction(t, m, actFocusTabArea); pressAction(t, m, actRenameTab) }},
		{"cancel", func() { m.Update(keyPress(t, "esc")) }},
	}
	for i, s := range steps {
		s.do()
		got, want := r.draw(), m.render()
		if got != want {
			t.Fatalf("step %d (%s): the kept canvas differs from a fresh draw:\nkept:\n%s\nfresh:\n%s",
				i, s.name, plainScreen(got), plainScreen(want))
		}
	}
}

// A terminal's frame and input alone change nothing amux draws: the
// chrome is left as it is (a notice set meanwhile does not appear) until
// a message of another kind.
func TestTheChromeIsRedrawnOnlyAfterANonFrameMessage(t *testing.T) {
	m := newTestModel(t, 120, 40)
	r := newCanvasRun(m)
	r.draw()
	m.notice = notice{text: "set behind the draw's back"}
	for _, msg := range []tea.Msg{tea.FocusMsg{}, tea.BlurMsg{}, termview.FrameMsg{}} {
		m.Update(msg)
		if s := plainScreen(r.draw()); strings.Contains(s, "behind the draw's back") {
			t.Fatalf("a %T redrew the chrome:\n%s", msg, s)
		}
	}
	m.Update(nil)
	if s := plainScreen(r.draw()); !strings.Contains(s, "behind the draw's back") {
		t.Fatalf("a non-frame message did not redraw the chrome:\n%s", s)
	}
}

// Each of those messages still says a draw may be due (the terminal's
// cells), except input only into a terminal, and a frame bumps no chrome.
func TestDrawPendingAndChromeGenerations(t *testing.T) {
	m := newTestModel(t, 120, 40)
	for _, c := range []struct {
		msg     tea.Msg
		chrome  bool
		pending bool
	}{
		{nil, true, true},
		{termview.FrameMsg{}, false, true},
		{tea.FocusMsg{}, false, false},
		{keyPress(t, "j"), true, true},
	} {
		m.drawPending = false
		gen := m.chromeGen
		m.Update(c.msg)
		if (m.chromeGen != gen) != c.chrome || m.drawPending != c.pending {
			t.Errorf("%T: chrome bumped %v (want %v), draw pending %v (want %v)",
				c.msg, m.chromeGen != gen, c.chrome, m.drawPending, c.pending)
		}
	}
}

// View draws only when a draw is pending, and only on a real screen; the
// view it hands Bubble Tea is always empty (amux draws itself).
func TestViewIsEmptyAndDrawsNothingWithoutAScreen(t *testing.T) {
	m := newTestModel(t, 120, 40)
	m.drawPending = true
	if v := m.View(); v.Content != "" {
		t.Fatalf("View handed Bubble Tea %q", fmt.Sprint(v.Content))
	}
	if !m.drawPending {
		t.Fatal("View without a screen cleared the pending draw it did not do")
	}
}

// A full-screen overlay (the diff viewer) takes every cell; closed, the
// layout is back whole, and a notice set under it shows after.
func TestAFullScreenOverlayComesAndGoes(t *testing.T) {
	m, rec := realWorkspace(t, 120, 40)
	r := newCanvasRun(m)
	if s := plainScreen(r.draw()); !strings.Contains(s, "Projects") {
		t.Fatalf("the layout is not drawn:\n%s", s)
	}
	settle(t, m, m.update(review.OpenFileView{WS: rec.WorkspaceID(), Path: "notes.txt"}))
	if _, ok := m.overlay.(modal.FullScreen); !ok {
		t.Fatalf("the file view is %T, not full screen", m.overlay)
	}
	s := plainScreen(r.draw())
	if strings.Contains(s, "Projects") || !strings.Contains(s, "notes.txt") {
		t.Fatalf("the full-screen viewer left the layout showing:\n%s", s)
	}
	if !r.st.fullShown {
		t.Fatal("the paint state does not know a full-screen overlay is drawn")
	}
	m.say(modal.LevelInfo, "said under the viewer")
	m.Update(nil)
	if s := plainScreen(r.draw()); strings.Contains(s, "said under the viewer") {
		t.Fatalf("a notice was drawn over the full-screen viewer:\n%s", s)
	}
	_, cmd := m.Update(keyPress(t, "esc")) // the viewer asks to close: a request
	settle(t, m, cmd)
	if m.overlay != nil {
		t.Fatalf("esc left %T open", m.overlay)
	}
	got, want := r.draw(), m.render()
	if got != want {
		t.Fatalf("after the viewer the kept canvas differs from a fresh draw:\nkept:\n%s\nfresh:\n%s", plainScreen(got), plainScreen(want))
	}
	if s := plainScreen(got); !strings.Contains(s, "Projects") || !strings.Contains(s, "said under the viewer") {
		t.Fatalf("the layout or the notice did not come back:\n%s", s)
	}
}

// The real cursor is only ever an entered terminal's: nowhere else does a
// draw place it.
func TestNoCursorOutsideAnEnteredTerminal(t *testing.T) {
	m := newTestModel(t, 120, 40)
	withTabs(m, 1)
	r := newCanvasRun(m)
	for _, step := range []func(){
		func() {},
		func() { pressAction(t, m, actFocusTabArea) },
		func() { pressAction(t, m, actEnterProgram) }, // a detached tab: no terminal
		func() { pressAction(t, m, actPalette) },
	} {
		step()
		r.draw()
		if c := r.c.Cursor(); c != nil {
			t.Fatalf("a cursor at %v with no live terminal entered", c.Position)
		}
	}
}
