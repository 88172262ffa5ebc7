package termview

import (
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/tmux/tmuxtest"
)

// newTestModel returns a focused model over a pipe terminal, with the
// program's output already framed.
func newTestModel(t *testing.T, output string) (Model, *pipeTerm) {
	t.Helper()
	p := newPipeTerm(t, Options{Width: 10, Height: 3, FrameInterval: time.Nanosecond})
	m := New(p.Terminal)
	p.Output(t, output)
	f := nextFrame(t, p.Terminal, frameHas(p.Terminal, ansi.Strip(lastLine(output))))
	m, _ = m.Update(FrameMsg{term: p.Terminal, Frame: f})
	return m, p
}

func lastLine(s string) string {
	s = strings.TrimRight(s, "\r\n")
	if i := strings.LastIndex(s, "\n"); i >= 0 {
		return s[i+1:]
	}
	return s
}

func TestModelIgnoresOtherTerminalsMessages(t *testing.T) {
	m, _ := newTestModel(t, "mine")
	other := newPipeTerm(t, Options{Width: 10, Height: 3})
	m2, cmd := m.Update(FrameMsg{term: other.Terminal, Frame: &Frame{Title: "theirs"}})
	if cmd != nil || m2.Frame() != m.Frame() {
		t.Fatal("model took another terminal's frame")
	}
}

func TestModelViewAndCursor(t *testing.T) {
	m, _ := newTestModel(t, "ab\r\ncd")
	lines := strings.Split(m.View(), "\n")
	if len(lines) != 3 || ansi.Strip(lines[0]) != "ab        " || ansi.Strip(lines[1]) != "cd        " {
		t.Fatalf("view = %q", m.View())
	}
	if c := m.Cursor(); c == nil || c.X != 2 || c.Y != 1 {
		t.Fatalf("cursor = %+v", c)
	}
	m.Blur()
	if m.Cursor() != nil {
		t.Fatal("blurred view shows the cursor")
	}
}

func TestModelViewFitsAfterResize(t *testing.T) {
	m, _ := newTestModel(t, "abcdefghij")
	m.SetSize(4, 5) // the frame is still 10×3 until the next one
	lines := strings.Split(m.View(), "\n")
	if len(lines) != 5 {
		t.Fatalf("%d rows", len(lines))
	}
	for _, l := range lines {
		if w := ansi.StringWidth(l); w != 4 {
			t.Fatalf("row %q is %d wide", l, w)
		}
	}
}

func TestModelKeysAndPasteReachTheProgram(t *testing.T) {
	m, p := newTestModel(t, "\x1b[?2004hready")
	m, _ = m.Update(tea.KeyPressMsg{Code: 'x', Text: "x"})
	m, _ = m.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	m, _ = m.Update(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	m, _ = m.Update(tea.PasteMsg{Content: "p\x1b[201~q\r\n"})
	want := "x\r\x03\x1b[200~p[201~q\n\x1b[201~"
	tmuxtest.WaitFor(t, 5*time.Second, func() (bool, string) {
		return len(p.Input()) >= len(want), "input so far: " + strconv.Quote(p.Input())
	})
	if got := p.Input(); got != want {
		t.Fatalf("program got %q, want %q", got, want)
	}
}

func TestModelWheelScrollsHistoryLocally(t *testing.T) {
	m, p := newTestModel(t, "live")
	r := &fakeRunner{out: "old 1\n\x1b[31mold 2\nold 3\nold 4\nlive\n\n\n"}
	p.runner, p.session = r, "s"
	m, cmd := m.Update(tea.MouseWheelMsg{Button: tea.MouseWheelUp})
	if cmd == nil {
		t.Fatal("no capture command")
	}
	m, _ = m.Update(cmd())
	if m.Scrolled() != 1 {
		t.Fatalf("scrolled %d after one notch, want 1", m.Scrolled())
	}
	// A line per notch.
	m, _ = m.Update(tea.MouseWheelMsg{Button: tea.MouseWheelUp})
	m, _ = m.Update(tea.MouseWheelMsg{Button: tea.MouseWheelUp})
	view := m.View()
	rows := strings.Split(ansi.Strip(view), "\n")
	if !strings.HasPrefix(rows[0], "old 2") || !strings.HasPrefix(rows[1], "old 3") {
		t.Fatalf("history view = %q", rows)
	}
	if line, total, ok := m.HistoryPosition(); !ok || line != 2 || total != 5 {
		t.Fatalf("position %d of %d (%v), want 2 of 5: the blank rows under the screen are not history", line, total, ok)
	}
	// old 2 set red; old 3 must still be red on its own.
	if rows := strings.Split(view, "\n"); !strings.HasPrefix(rows[1], "\x1b[31m") {
		t.Fatalf("row 1 lost its carried colour: %q", rows[1])
	}
	if !strings.Contains(r.calls[0], "-S -") || strings.Contains(r.calls[0], "-S -3") || !strings.Contains(r.calls[0], "=s:") {
		t.Fatalf("capture call %s: want the whole history", r.calls[0])
	}
	if m.Cursor() != nil {
		t.Fatal("cursor shown while scrolled back")
	}
	for range 3 {
		m, _ = m.Update(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	}
	if m.Scrolled() != 0 || !strings.Contains(m.View(), "live") {
		t.Fatalf("not back at the live screen: scrolled %d", m.Scrolled())
	}
	if p.Input() != "" {
		t.Fatalf("local scrolling sent %q to the program", p.Input())
	}
}

func TestModelForwardsMouseWhenProgramAsks(t *testing.T) {
	m, p := newTestModel(t, "\x1b[?1000h\x1b[?1006hmouse")
	m.SetOrigin(5, 2)
	m, _ = m.Update(tea.MouseWheelMsg{Button: tea.MouseWheelUp, X: 6, Y: 3})
	m, _ = m.Update(tea.MouseClickMsg{Button: tea.MouseLeft, X: 5, Y: 2})
	want := "\x1b[<64;2;2M\x1b[<0;1;1M"
	tmuxtest.WaitFor(t, 5*time.Second, func() (bool, string) {
		return len(p.Input()) >= len(want), "mouse input so far: " + strconv.Quote(p.Input())
	})
	if got := p.Input(); got != want {
		t.Fatalf("program got %q, want %q", got, want)
	}
	// Shift+wheel stays local even so.
	m, cmd := m.Update(tea.MouseWheelMsg{Button: tea.MouseWheelUp, X: 6, Y: 3, Mod: tea.ModShift})
	_ = cmd
	if got := p.Input(); got != want {
		t.Fatalf("shift+wheel reached the program: %q", got)
	}
}

func TestModelSelectsAndCopies(t *testing.T) {
	m, _ := newTestModel(t, "hello\r\n\x1b[32mworld\x1b[m")
	m, _ = m.Update(tea.MouseClickMsg{Button: tea.MouseLeft, X: 1, Y: 0})
	m, _ = m.Update(tea.MouseMotionMsg{Button: tea.MouseLeft, X: 3, Y: 1})
	m, cmd := m.Update(tea.MouseReleaseMsg{Button: tea.MouseLeft, X: 3, Y: 1})
	if got := m.SelectedText(); got != "ello\nworl" {
		t.Fatalf("selected %q", got)
	}
	if cmd == nil {
		t.Fatal("no clipboard command")
	}
	rows := strings.Split(m.View(), "\n")
	if !strings.Contains(rows[0], "\x1b[7mello") || !strings.Contains(rows[1], "\x1b[7mworl") {
		t.Fatalf("selection not highlighted: %q", rows)
	}
	if ansi.Strip(rows[1]) != "world     " {
		t.Fatalf("row changed under the highlight: %q", ansi.Strip(rows[1]))
	}
	m, _ = m.Update(tea.KeyPressMsg{Code: 'a', Text: "a"})
	if m.SelectedText() != "" {
		t.Fatal("typing kept the selection")
	}
}
