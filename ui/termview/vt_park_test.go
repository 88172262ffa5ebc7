package termview

import (
	"strings"
	"testing"
)

// A parked screen gives its grid back and comes back as it was: the rows
// with their styles, the cursor, the modes and the title; a resize while
// parked is the size it comes back at.
func TestParkedScreenComesBackAsItWas(t *testing.T) {
	e := NewVTEmulator(40, 6).(*vtEmulator)
	_, _ = e.Write([]byte("\x1b]2;the title\x07\x1b[?2004h\x1b[2;3H\x1b[1;31mred\x1b[0m plain\x1b[4;1Hwide 界 row\x1b[5;7H"))
	wantRows := screenLines(e)
	wantCur, wantModes := e.Cursor(), e.Modes()
	style := *e.CellAt(2, 1)

	e.park()
	if w, h := e.Size(); w != 40 || h != 6 {
		t.Fatalf("parked size %d×%d, want 40×6", w, h)
	}
	if c := e.emu.CellAt(5, 3); c != nil {
		t.Fatal("the parked screen still holds its grid")
	}
	e.unpark()
	if got := screenLines(e); len(got) != len(wantRows) {
		t.Fatalf("rows %q, want %q", got, wantRows)
	} else {
		for y := range got {
			if got[y] != wantRows[y] {
				t.Fatalf("row %d %q, want %q", y, got[y], wantRows[y])
			}
		}
	}
	if c := e.CellAt(2, 1); c == nil || !c.Style.Equal(&style.Style) || c.Content != "r" {
		t.Fatalf("cell (2,1) %+v, want %+v", c, style)
	}
	if e.Cursor() != wantCur || e.Modes() != wantModes || e.Title() != "the title" {
		t.Fatalf("cursor %+v modes %v title %q, want %+v %v", e.Cursor(), e.Modes(), e.Title(), wantCur, wantModes)
	}

	e.park()
	e.Resize(50, 8)
	if w, h := e.Size(); w != 50 || h != 8 {
		t.Fatalf("resized while parked: %d×%d", w, h)
	}
	e.unpark()
	if w, h := e.emu.Width(), e.emu.Height(); w != 50 || h != 8 {
		t.Fatalf("unparked at %d×%d, want 50×8", w, h)
	}
	if got := screenLines(e); strings.TrimRight(got[1], " ") != strings.TrimRight(wantRows[1], " ") {
		t.Fatalf("row 1 after the resize %q, want %q", got[1], wantRows[1])
	}
}
