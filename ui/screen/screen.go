package screen

import (
	"bytes"
	"errors"
	"image/color"
	"os"
	"sync"
	"time"

	"github.com/charmbracelet/colorprofile"
	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/term"
)

// Defaults of Options.
const (
	// DefaultFrameInterval caps the frame rate at 240 a second: changes that
	// follow a frame within it are written together at its end.
	DefaultFrameInterval = time.Second / 240
	// DefaultEscTimeout is how long a lone Esc byte waits for the rest of an
	// escape sequence before it counts as the Esc key. A terminal writes a
	// whole sequence at once, so the rest arrives within microseconds when it
	// comes at all; Bubble Tea's 50 ms default made every Esc that late.
	DefaultEscTimeout = 3 * time.Millisecond
)

// Options tune a Screen. Zero values pick the defaults.
type Options struct {
	// Env is the environment the terminal is described by (TERM, COLORTERM,
	// …); default os.Environ().
	Env []string
	// FrameInterval is the least time between two frames; default
	// DefaultFrameInterval.
	FrameInterval time.Duration
	// EscTimeout is the input decoder's wait after a lone Esc; default
	// DefaultEscTimeout.
	EscTimeout time.Duration
}

// Stats are a screen's running totals, for tests and benchmarks.
type Stats struct {
	Frames int    // writes of a frame (changed cells or cursor)
	Bytes  uint64 // bytes written for frames
}

// Screen is the outer terminal while amux runs on it. It is safe for
// concurrent use.
type Screen struct {
	in, out *os.File
	opts    Options
	profile colorprofile.Profile

	mu       sync.Mutex // guards everything below and every write to out
	canvas   Canvas
	rend     *uv.TerminalRenderer
	rendered bytes.Buffer // the renderer's output for the frame being written
	wire     bytes.Buffer // one frame as written
	saved    *term.State  // termios before raw mode
	active   bool         // modes entered: frames are written (not while suspended or closed)
	closed   bool
	sync     bool        // the terminal supports DEC 2026 synchronized output
	drawn    bool        // something was drawn since the last frame
	shown    bool        // the real cursor is visible
	shape    int         // the DECSCUSR style last written; 0 = never changed
	tint     color.Color // the cursor colour last written (OSC 12); nil = the terminal's
	last     time.Time
	timer    *time.Timer
	armed    bool // timer runs: a frame is due at the end of the interval
	stats    Stats
	send     func(uv.Event) // Listen's callback, for the size after a resume
	stop     func()         // ends Listen
}

// Open puts the terminal into raw mode and the modes amux needs and returns
// the screen drawing on it. in and out are the terminal (usually stdin and
// stdout). Close restores everything.
func Open(in, out *os.File, opts Options) (*Screen, error) {
	if opts.Env == nil {
		opts.Env = os.Environ()
	}
	if opts.FrameInterval <= 0 {
		opts.FrameInterval = DefaultFrameInterval
	}
	if opts.EscTimeout <= 0 {
		opts.EscTimeout = DefaultEscTimeout
	}
	s := &Screen{in: in, out: out, opts: opts, profile: colorprofile.Detect(out, opts.Env)}
	s.canvas = *NewCanvas(0, 0)
	s.timer = time.AfterFunc(time.Hour, s.onTimer)
	s.timer.Stop()
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enterLocked(); err != nil {
		return nil, err
	}
	return s, nil
}

// Profile is the colour profile of the terminal; frames are downsampled to it.
func (s *Screen) Profile() colorprofile.Profile { return s.profile }

// Size is the terminal's size in cells.
func (s *Screen) Size() (width, height int, err error) {
	return term.GetSize(s.out.Fd())
}

// newRenderer is a renderer for a fresh screen: it knows nothing of what the
// terminal shows, so its first frame paints everything.
func (s *Screen) newRenderer() *uv.TerminalRenderer {
	r := uv.NewTerminalRenderer(&s.rendered, s.opts.Env)
	r.SetColorProfile(s.profile)
	// amux's rows never scroll as a whole (the embedded terminal sits between
	// borders), and finding scrolls hashes every row of every frame.
	r.SetScrollOptim(false)
	r.SetTabStops(-1)
	r.SetBackspace(false)
	r.SetMapNewline(false) // raw mode: no output post-processing
	return r
}

// enterLocked takes the terminal: raw mode, the alternate screen, amux's
// modes. The next frame paints every cell.
func (s *Screen) enterLocked() error {
	saved, err := term.MakeRaw(s.in.Fd())
	if err != nil {
		return err
	}
	s.saved = saved
	s.rend = s.newRenderer()
	s.rend.EnterAltScreen()
	_, _ = s.rend.WriteString(enterModes())
	w, h := s.canvas.Bounds().Dx(), s.canvas.Bounds().Dy()
	s.rend.Resize(w, h)
	s.rend.Erase()
	s.shown, s.shape, s.tint, s.active = false, 0, nil, true
	s.drawn = w > 0 && h > 0
	s.writeRenderedLocked()
	return nil
}

// leaveLocked gives the terminal back exactly as Open found it: every mode
// reset, the main screen (and the cursor position saved on entry) back, the
// saved termios state restored.
func (s *Screen) leaveLocked() error {
	if !s.active {
		return nil
	}
	s.active = false
	s.armed = false
	s.timer.Stop()
	_, _ = s.rend.WriteString(leaveModes(s.shape != 0, s.tint != nil))
	s.rend.ExitAltScreen()
	_ = s.rend.Flush()
	s.writeRenderedLocked()
	return term.Restore(s.in.Fd(), s.saved)
}

// Close restores the terminal (see leaveLocked) and stops reading input.
// Later draws are ignored. It is safe to call more than once.
func (s *Screen) Close() error {
	if s.stop != nil {
		s.stop()
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil
	}
	s.closed = true
	return s.leaveLocked()
}

// Write writes bytes that are not part of a frame (a bell, a clipboard
// request) between frames. While the screen is not active they are dropped.
func (s *Screen) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.active {
		return len(p), nil
	}
	if _, err := s.out.Write(p); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Stats returns the screen's running totals.
func (s *Screen) Stats() Stats {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stats
}

// errClosed is returned by Suspend on a closed screen.
var errClosed = errors.New("screen: closed")
