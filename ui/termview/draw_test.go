package termview

import (
	"io"
	"testing"
	"time"

	uv "github.com/charmbracelet/ultraviolet"

	"amux.dev/amux/tmux/tmuxtest"
)

// newEmu is an x/vt emulator whose replies are drained.
func newEmu(t testing.TB, w, h int) Emulator {
	t.Helper()
	e := NewVTEmulator(w, h)
	go func() { _, _ = io.Copy(io.Discard, e.Replies()) }()
	t.Cleanup(func() { e.Close() })
	return e
}

// x/vt's touched rows are what makes a frame cost what changed; a new x/vt
// that stops keeping them must fail here, not slow amux down silently.
func TestVTDamageTracking(t *testing.T) {
	e := newEmu(t, 20, 5)
	rows := make([]bool, 5)
	e.TakeDamage(rows) // whatever startup left
	e.Write([]byte("\x1b[3;1Hhello"))
	clear(rows)
	if !e.TakeDamage(rows) || !rows[2] || rows[0] || rows[1] || rows[3] || rows[4] {
		t.Fatalf("after writing row 2: known=%v rows=%v", e.TakeDamage(make([]bool, 5)), rows)
	}
	clear(rows)
	if !e.TakeDamage(rows) || rows[2] {
		t.Fatalf("damage not forgotten: %v", rows)
	}
	e.Write([]byte("\x1b[3;1Hhello")) // the same cells again
	if e.TakeDamage(rows); rows[2] {
		t.Fatal("rewriting identical cells counted as damage")
	}
	e.Write([]byte("\x1bc")) // a full reset clears every row without marking them
	if e.TakeDamage(rows) {
		t.Fatal("a reset must make the damage unknown")
	}
}

// Drawing into the same cells again paints only the row the program changed.
func TestDrawPaintsOnlyChangedRows(t *testing.T) {
	p := newPipeTerm(t, Options{Width: 10, Height: 4, FrameInterval: time.Nanosecond})
	p.Output(t, "ab\r\ncd")
	nextFrame(t, p.Terminal, frameHas(p.Terminal, "cd"))
	m := Model{term: p.Terminal, width: 10, height: 4}
	scr := uv.NewScreenBuffer(12, 6)
	area := uv.Rect(1, 1, 10, 4)
	drawn := m.Draw(scr, area, Drawn{})
	if got := scr.Line(2).String(); got != " cd" {
		t.Fatalf("row 2 of the screen = %q", got)
	}
	p.Output(t, "e")
	nextFrame(t, p.Terminal, frameHas(p.Terminal, "cde"))
	scr.Touched = nil
	drawn = m.Draw(scr, area, drawn)
	if n := scr.TouchedLines(); n != 1 || scr.Touched[2] == nil {
		t.Fatalf("%d rows touched for one changed row", n)
	}
	if got := scr.Line(2).String(); got != " cde" {
		t.Fatalf("row 2 of the screen = %q", got)
	}
	scr.Touched = nil
	m.Draw(scr, area, drawn)
	if n := scr.TouchedLines(); n != 0 {
		t.Fatalf("nothing changed, yet %d rows were painted", n)
	}
	m.Draw(scr, area, Drawn{})
	if got := scr.Line(2).String(); got != " cde" {
		t.Fatalf("full repaint changed row 2: %q", got)
	}
}

// While the program is halfway through a synchronized update, what is drawn
// stays as it was.
func TestDrawKeepsTheLastWholeScreen(t *testing.T) {
	p := newPipeTerm(t, Options{Width: 10, Height: 2, SyncTimeout: time.Hour, FrameInterval: time.Nanosecond})
	p.Output(t, "old")
	nextFrame(t, p.Terminal, frameHas(p.Terminal, "old"))
	m := Model{term: p.Terminal, width: 10, height: 2}
	scr := uv.NewScreenBuffer(10, 2)
	drawn := m.Draw(scr, scr.Bounds(), Drawn{})
	p.Output(t, seqSyncBegin+"\x1b[Hnew")
	tmuxtest.WaitFor(t, 5*time.Second, func() (bool, string) { return p.Modes().Has(ModeSync), "sync mode not seen" })
	m.Draw(scr, scr.Bounds(), drawn)
	if got := scr.Line(0).String(); got != "old" {
		t.Fatalf("drew a half-done update: %q", got)
	}
}

// A selection is drawn in reverse video without the program's colours.
func TestDrawShowsTheSelection(t *testing.T) {
	p := newPipeTerm(t, Options{Width: 10, Height: 2, FrameInterval: time.Nanosecond})
	p.Output(t, "\x1b[31mhello\x1b[m")
	nextFrame(t, p.Terminal, frameHas(p.Terminal, "hello"))
	m := Model{term: p.Terminal, width: 10, height: 2}
	scr := uv.NewScreenBuffer(10, 2)
	drawn := m.Draw(scr, scr.Bounds(), Drawn{})
	m.sel = selection{active: true, anchor: point{1, 0}, head: point{2, 0}}
	m.Draw(scr, scr.Bounds(), drawn)
	for x, want := range []bool{false, true, true, false} {
		c := scr.CellAt(x, 0)
		if rev := c.Style.Attrs&uv.AttrReverse != 0 && c.Style.Fg == nil; rev != want {
			t.Errorf("cell %d %q reversed=%v, want %v", x, c.Content, rev, want)
		}
	}
}
