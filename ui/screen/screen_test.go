package screen

import (
	"strings"
	"testing"

	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"
	"golang.org/x/sys/unix"
)

// Close gives the terminal back as Open found it: the termios state
// byte for byte, and every mode Open set reset after it was set.
func TestCloseRestoresTheTerminal(t *testing.T) {
	p := newTTY(t, 80, 24)
	before, err := unix.IoctlGetTermios(int(p.tty.Fd()), unix.TCGETS)
	if err != nil {
		t.Fatal(err)
	}
	s, err := Open(p.tty, p.tty, Options{Env: []string{"TERM=xterm-256color"}})
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := unix.IoctlGetTermios(int(p.tty.Fd()), unix.TCGETS)
	if raw.Lflag&unix.ICANON != 0 || raw.Lflag&unix.ECHO != 0 {
		t.Fatalf("Open left canonical mode or echo on: lflag %#x", raw.Lflag)
	}
	s.Draw(func(c *Canvas) {
		fill(c, 80, 24)
		c.SetCursor(&uv.Cursor{Position: uv.Pos(3, 4), Shape: uv.CursorBar, Blink: true})
	})
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	after, _ := unix.IoctlGetTermios(int(p.tty.Fd()), unix.TCGETS)
	if *after != *before {
		t.Fatalf("termios after Close %+v, want %+v", *after, *before)
	}
	out := p.waitContains(t, ansi.ResetModeAltScreenSaveCursor)
	pairs := [][2]string{
		{ansi.SetModeAltScreenSaveCursor, ansi.ResetModeAltScreenSaveCursor},
		{ansi.SetModeMouseButtonEvent, ansi.ResetModeMouseButtonEvent},
		{ansi.SetModeMouseExtSgr, ansi.ResetModeMouseExtSgr},
		{ansi.SetModeBracketedPaste, ansi.ResetModeBracketedPaste},
		{ansi.SetModeFocusEvent, ansi.ResetModeFocusEvent},
		{ansi.SetModifyOtherKeys2, ansi.ResetModifyOtherKeys},
		{ansi.PushKittyKeyboard(kittyFlags), ansi.PopKittyKeyboard(1)},
		{pushTitle, popTitle},
		{ansi.SetCursorStyle(cursorStyle(uv.CursorBar, true)), ansi.SetCursorStyle(0)},
		{ansi.HideCursor, ansi.ShowCursor},
	}
	for _, pr := range pairs {
		set, reset := strings.Index(out, pr[0]), strings.LastIndex(out, pr[1])
		if set < 0 || reset < set {
			t.Errorf("%q set at %d, reset at %d", pr[0], set, reset)
		}
	}
	if !strings.HasSuffix(out, ansi.ResetModeAltScreenSaveCursor) {
		t.Errorf("the main screen must come back last; output ends %q", out[max(0, len(out)-60):])
	}
	if err := s.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}
}

// A one-cell change costs one cell on the wire, not a screen.
func TestOneCellChangeWritesOneCell(t *testing.T) {
	s, p := openScreen(t, 200, 50, Options{})
	s.Draw(func(c *Canvas) { fill(c, 200, 50) })
	p.waitContains(t, strings.Repeat("x", 200)) // row 23
	p.reset()
	frames := s.Stats().Frames
	s.Draw(func(c *Canvas) { c.SetCell(7, 9, cell("Q")) })
	out := p.waitContains(t, "Q")
	if got := s.Stats().Frames - frames; got > 2 {
		t.Fatalf("%d frames for one change", got)
	}
	p.reset()
	s.Draw(func(c *Canvas) { c.SetCell(8, 9, cell("R")) })
	out = p.waitContains(t, "R")
	if len(out) > 24 {
		t.Fatalf("one cell took %d bytes: %q", len(out), out)
	}
}

// Drawing the same cells again writes nothing.
func TestUnchangedDrawWritesNothing(t *testing.T) {
	s, p := openScreen(t, 40, 10, Options{FrameInterval: 1})
	s.Draw(func(c *Canvas) { fill(c, 40, 10) })
	p.waitContains(t, strings.Repeat("j", 39))
	frames := s.Stats().Frames
	s.Draw(func(c *Canvas) { fill(c, 40, 10) })
	s.Draw(func(c *Canvas) { c.SetCell(0, 0, cell("a")) })
	if got := s.Stats().Frames; got != frames {
		t.Fatalf("identical draws wrote %d frames", got-frames)
	}
}

// The first change after a quiet spell is written at once; changes within
// the frame interval wait for its end and go out as one frame. Once that
// frame is out nothing is scheduled: idle costs no timer.
func TestChangesWithinAFrameCoalesce(t *testing.T) {
	s, p := openScreen(t, 40, 10, Options{FrameInterval: 1 << 40})
	s.Draw(func(c *Canvas) { fill(c, 40, 10) })
	if got := s.Stats().Frames; got != 1 {
		t.Fatalf("first draw: %d frames written, want 1 at once", got)
	}
	p.waitContains(t, strings.Repeat("j", 39))
	s.Draw(func(c *Canvas) { c.SetCell(1, 1, cell("X")) })
	s.Draw(func(c *Canvas) { c.SetCell(2, 2, cell("Y")) })
	if got := s.Stats().Frames; got != 1 {
		t.Fatalf("draws within the interval wrote %d frames, want them held", got-1)
	}
	s.onTimer() // the interval ends
	if got := s.Stats().Frames; got != 2 {
		t.Fatalf("end of the interval: %d frames, want 2", got)
	}
	out := p.waitContains(t, "Y")
	if !strings.Contains(out, "X") {
		t.Fatalf("coalesced frame lost the first change: %q", out)
	}
	s.mu.Lock()
	armed := s.armed
	s.mu.Unlock()
	if armed {
		t.Fatal("a timer is still armed with nothing to draw")
	}
}

// With synchronized output the terminal gets each frame whole.
func TestFramesAreSynchronizedWhenSupported(t *testing.T) {
	s, p := openScreen(t, 40, 10, Options{FrameInterval: 1})
	s.setSync(true)
	p.waitContains(t, ansi.RequestModeSynchronizedOutput)
	p.reset()
	s.Draw(func(c *Canvas) { fill(c, 40, 10) })
	out := p.waitContains(t, ansi.ResetModeSynchronizedOutput)
	if !strings.HasPrefix(out, ansi.SetModeSynchronizedOutput) {
		t.Fatalf("frame not opened with DEC 2026: %q", out[:min(len(out), 40)])
	}
}

// The real cursor goes where the frame puts it, in the frame's shape, and
// is hidden when the frame has none.
func TestCursorFollowsTheFrame(t *testing.T) {
	s, p := openScreen(t, 40, 10, Options{FrameInterval: 1})
	s.Draw(func(c *Canvas) {
		fill(c, 40, 10)
		c.SetCursor(&uv.Cursor{Position: uv.Pos(5, 3), Shape: uv.CursorUnderline})
	})
	out := p.waitContains(t, ansi.ShowCursor)
	if !strings.Contains(out, ansi.CursorPosition(6, 4)) || !strings.Contains(out, ansi.SetCursorStyle(4)) {
		t.Fatalf("cursor not placed at 5,3 as a steady underline: %q", out)
	}
	p.reset()
	s.Draw(func(c *Canvas) { c.SetCursor(nil) })
	if out := p.waitContains(t, ansi.HideCursor); strings.Contains(out, ansi.ShowCursor) {
		t.Fatalf("hiding showed the cursor: %q", out)
	}
}
