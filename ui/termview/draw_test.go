package termview

import (
	"io"
	"strings"
	"testing"

	uv "github.com/charmbracelet/ultraviolet"
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

// Consecutive frames share the rows that did not change, and a row that
// was rewritten with the same cells is still the old row.
func TestFramesShareUnchangedRows(t *testing.T) {
	e := newEmu(t, 20, 5)
	e.Write([]byte("one\r\ntwo\r\nthree"))
	f1 := snapshot(e, nil, 1, nil)
	e.Write([]byte("\x1b[2;1HTWO\x1b[1;1Hone"))
	f2 := snapshot(e, f1, 2, nil)
	for y := range 5 {
		if shared := sameRow(f1.rows[y], f2.rows[y]); shared == (y == 1) {
			t.Errorf("row %d shared=%v", y, shared)
		}
	}
	if got := strings.TrimRight(f2.Line(1), " "); got != "TWO" {
		t.Fatalf("row 1 = %q", got)
	}
}

// Drawing the next frame into the same cells touches only the changed row.
func TestDrawPaintsOnlyChangedRows(t *testing.T) {
	e := newEmu(t, 10, 4)
	e.Write([]byte("ab\r\ncd"))
	m := Model{frame: snapshot(e, nil, 1, nil), width: 10, height: 4}
	scr := uv.NewScreenBuffer(12, 6)
	area := uv.Rect(1, 1, 10, 4)
	drawn := m.Draw(scr, area, Drawn{})
	if got := scr.Line(2).String(); got != " cd" {
		t.Fatalf("row 2 of the screen = %q", got)
	}
	e.Write([]byte("e"))
	m.frame = snapshot(e, m.frame, 2, nil)
	scr.Touched = nil
	m.Draw(scr, area, drawn)
	if n := scr.TouchedLines(); n != 1 || scr.Touched[2] == nil {
		t.Fatalf("%d rows touched for one changed row", n)
	}
	if got := scr.Line(2).String(); got != " cde" {
		t.Fatalf("row 2 of the screen = %q", got)
	}
	scr.Touched = nil
	m.Draw(scr, area, Drawn{})
	if got := scr.Line(2).String(); got != " cde" {
		t.Fatalf("full repaint changed row 2: %q", got)
	}
}

// A selection is drawn in reverse video without the program's colours, and
// a change of selection repaints the rows it covers.
func TestDrawShowsTheSelection(t *testing.T) {
	e := newEmu(t, 10, 2)
	e.Write([]byte("\x1b[31mhello\x1b[m"))
	m := Model{frame: snapshot(e, nil, 1, nil), width: 10, height: 2}
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
