package screen

import (
	"time"

	"github.com/charmbracelet/x/ansi"
)

// Draw runs draw on the next frame and shows it: at once when the last frame
// is at least a frame interval old, otherwise when the interval ends, so that
// changes close together are written as one frame. draw runs under the
// screen's lock and must not call the Screen.
func (s *Screen) Draw(draw func(c *Canvas)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return
	}
	w, h := s.canvas.Bounds().Dx(), s.canvas.Bounds().Dy()
	draw(&s.canvas)
	if b := s.canvas.Bounds(); b.Dx() != w || b.Dy() != h {
		s.rend.Resize(b.Dx(), b.Dy())
		s.rend.Erase() // the terminal reflowed whatever it showed
	}
	s.drawn = true
	s.presentLocked(time.Now())
}

// presentLocked writes the frame now or arms the timer for the end of the
// frame interval. With the timer armed, later draws only join its frame.
func (s *Screen) presentLocked(now time.Time) {
	if !s.active || s.armed {
		return
	}
	if wait := s.last.Add(s.opts.FrameInterval).Sub(now); wait > 0 {
		s.armed = true
		s.timer.Reset(wait)
		return
	}
	s.flushLocked(now)
}

func (s *Screen) onTimer() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.armed {
		return
	}
	s.armed = false
	if s.active {
		s.flushLocked(time.Now())
	}
}

// flushLocked writes what changed since the last frame: the cells the
// renderer finds different, then the cursor. With synchronized output the
// terminal shows the frame whole; without it the cursor is hidden while
// cells are written, so it never flickers across the screen.
func (s *Screen) flushLocked(now time.Time) {
	if !s.drawn {
		return
	}
	s.drawn = false
	s.rend.Render(s.canvas.buf.RenderBuffer)
	want := s.canvas.cursor
	if want != nil && want.Hidden {
		want = nil
	}
	if want != nil {
		s.rend.MoveTo(want.X, want.Y)
	}
	_ = s.rend.Flush()
	body := s.rendered.Len() > 0
	// Style 1 (blinking block) is what a terminal shows until told
	// otherwise, so it is only written once some other style was.
	// The cursor's colour (OSC 12) is only written when it changes; a
	// hidden cursor keeps whatever colour it had.
	style, restyle, recolor := 0, false, false
	if want != nil {
		style = cursorStyle(want.Shape, want.Blink)
		restyle = style != s.shape && !(s.shape == 0 && style == 1)
		recolor = want.Color != s.tint
	}
	if !body && !restyle && !recolor && (want != nil) == s.shown {
		return // nothing on screen changed
	}
	s.wire.Reset()
	if body && s.sync {
		s.wire.WriteString(ansi.SetModeSynchronizedOutput)
	}
	if s.shown && (want == nil || body && !s.sync) {
		s.wire.WriteString(ansi.HideCursor)
		s.shown = false
	}
	s.wire.Write(s.rendered.Bytes())
	s.rendered.Reset()
	if restyle {
		s.wire.WriteString(ansi.SetCursorStyle(style))
		s.shape = style
	}
	if recolor {
		s.wire.WriteString(cursorColor(want.Color))
		s.tint = want.Color
	}
	if want != nil && !s.shown {
		s.wire.WriteString(ansi.ShowCursor)
		s.shown = true
	}
	if body && s.sync {
		s.wire.WriteString(ansi.ResetModeSynchronizedOutput)
	}
	s.writeLocked(s.wire.Bytes())
	s.last = now
	s.stats.Frames++
	s.stats.Bytes += uint64(s.wire.Len())
}

// writeRenderedLocked writes the renderer's pending output as it is: mode
// changes outside frames.
func (s *Screen) writeRenderedLocked() {
	_ = s.rend.Flush()
	if s.rendered.Len() == 0 {
		return
	}
	s.writeLocked(s.rendered.Bytes())
	s.rendered.Reset()
}

// writeLocked writes p in one write. A terminal that went away (EIO after a
// hangup) is not an error worth stopping for: the process is about to be
// told to quit.
func (s *Screen) writeLocked(p []byte) {
	_, _ = s.out.Write(p)
}

// setSync records whether the terminal supports synchronized output.
func (s *Screen) setSync(ok bool) {
	s.mu.Lock()
	s.sync = ok
	s.mu.Unlock()
}
