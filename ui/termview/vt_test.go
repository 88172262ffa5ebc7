package termview

import (
	"io"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"
	"unsafe"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/vt"
)

func TestVTEmulatorTracksModes(t *testing.T) {
	e := NewVTEmulator(20, 5)
	e.Write([]byte("\x1b[?2004h\x1b[?1h\x1b[?1000h\x1b[?1002h\x1b[?1006h\x1b[?1004h"))
	want := ModeBracketedPaste | ModeAppCursor | ModeMouseNormal | ModeMouseButton | ModeMouseSGR | ModeFocusEvents
	if got := e.Modes(); got != want {
		t.Fatalf("modes = %b, want %b", got, want)
	}
	if !e.Modes().MouseReporting() {
		t.Fatal("mouse reporting not seen")
	}
	e.Write([]byte("\x1b[?1000l\x1b[?1002l\x1b[?2004l"))
	if got := e.Modes(); got.MouseReporting() || got.Has(ModeBracketedPaste) {
		t.Fatalf("modes after reset = %b", got)
	}
}

func TestVTEmulatorKeepsTruecolorAndCursor(t *testing.T) {
	e := NewVTEmulator(20, 5)
	e.Write([]byte("\x1b[2;3H\x1b[1;38;2;10;20;30mX\x1b[m"))
	c := e.CellAt(2, 1)
	if c == nil || c.Content != "X" {
		t.Fatalf("cell = %+v", c)
	}
	if r, g, b, _ := c.Style.Fg.RGBA(); r>>8 != 10 || g>>8 != 20 || b>>8 != 30 {
		t.Fatalf("fg = %v, want rgb(10,20,30)", c.Style.Fg)
	}
	if cur := e.Cursor(); cur.X != 3 || cur.Y != 1 || !cur.Visible {
		t.Fatalf("cursor = %+v", cur)
	}
	e.Write([]byte("\x1b[?25l\x1b[6 q"))
	if cur := e.Cursor(); cur.Visible || cur.Shape != tea.CursorBar {
		t.Fatalf("cursor after hide = %+v", cur)
	}
	lines := screenLines(e)
	if !strings.Contains(lines[1], "38;2;10;20;30") || !strings.Contains(lines[1], "X") {
		t.Fatalf("row lost truecolor: %q", lines[1])
	}
	for y, l := range lines {
		if w := len([]rune(stripSGR(l))); w != 20 {
			t.Fatalf("row %d is %d cells: %q", y, w, l)
		}
	}
}

// The alternate screen is simulated so x/vt's alternate-screen scrollback
// (10,000 lines, not configurable) never fills up during a flood.
func TestVTEmulatorAltScreenKeepsNoScrollback(t *testing.T) {
	e := NewVTEmulator(40, 5).(*vtEmulator)
	e.Write([]byte("\x1b[?10"))
	e.Write([]byte("49h\x1b[22;0;0t"))
	if !e.Modes().Has(ModeAltScreen) {
		t.Fatal("alt screen not reported")
	}
	for range 500 {
		e.Write([]byte("a line of output that scrolls away\r\n"))
	}
	if n := e.emu.ScrollbackLen(); n > 1 {
		t.Fatalf("scrollback holds %d lines", n)
	}
	if e.emu.IsAltScreen() {
		t.Fatal("x/vt switched to its alternate screen")
	}
	e.Write([]byte("\x1b[?1049l"))
	if e.Modes().Has(ModeAltScreen) {
		t.Fatal("alt screen still reported")
	}
	e.Write([]byte("\x1b[?47hX"))
	if !e.Modes().Has(ModeAltScreen) || e.emu.IsAltScreen() {
		t.Fatal("mode 47 not simulated")
	}
}

// A query must not block Write while someone drains the replies.
func TestVTEmulatorAnswersQueries(t *testing.T) {
	e := NewVTEmulator(20, 5)
	replies := make(chan string, 1)
	go func() {
		buf := make([]byte, 256)
		n, _ := e.Replies().Read(buf)
		replies <- string(buf[:n])
	}()
	done := make(chan struct{})
	go func() {
		e.Write([]byte("\x1b[6n"))
		close(done)
	}()
	select {
	case r := <-replies:
		if r != "\x1b[1;1R" {
			t.Fatalf("reply = %q", r)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no reply")
	}
	<-done
	e.Close()
	if _, err := e.Replies().Read(make([]byte, 8)); err != io.EOF {
		t.Fatalf("after Close: %v", err)
	}
}

func stripSGR(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == 0x1b {
			for i < len(s) && s[i] != 'm' {
				i++
			}
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// tuneVT reaches into x/vt; this fails when an x/vt upgrade moves what it
// touches, instead of letting the costs it removes come back unnoticed.
func TestVTTuningApplies(t *testing.T) {
	if !tuneVT(vt.NewEmulator(10, 2)) {
		t.Fatal("x/vt internals changed: revisit tuneVT")
	}
	e := NewVTEmulator(80, 10).(*vtEmulator)
	for range 100 {
		e.Write([]byte("scrolling line with some text on it\r\n"))
	}
	if n := e.emu.ScrollbackLen(); n != 0 {
		t.Fatalf("scrollback holds %d lines, want none", n)
	}
	e.Resize(90, 12)
	if alt := reflect.ValueOf(e.emu).Elem().FieldByName("scrs").Index(1); (*vt.Screen)(unsafe.Pointer(alt.UnsafeAddr())).Width() != 1 {
		t.Fatal("alternate screen grew back after Resize")
	}
	// A copied line is 80 cells of about 100 bytes; 100 of them are 800 KB.
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range 100 {
		e.Write([]byte("\x1b[31mscrolling line\x1b[m with some text on it\r\n"))
	}
	runtime.ReadMemStats(&after)
	if n := after.TotalAlloc - before.TotalAlloc; n > 200<<10 {
		t.Fatalf("%d bytes allocated for 100 scrolled lines: line copies are back", n)
	}
}
