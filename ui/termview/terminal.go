package termview

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"amux.dev/amux/tmux"
	"github.com/creack/pty"
)

// Terminal is one attach client of one tmux session, running on a PTY, with
// the emulator that interprets its output. It is safe for concurrent use.
// Several Terminals (in this or another process) may attach to one session:
// attaching never detaches anyone.
type Terminal struct {
	session string
	runner  tmux.Runner // for capture-pane; nil when not attached through tmux
	opts    Options
	rw      io.ReadWriteCloser
	ptmx    *os.File  // nil when rw is not a PTY (tests)
	proc    *exec.Cmd // nil when no process was started
	client  string    // the attach client's tmux name (its PTY), for suspend-client

	mu          sync.Mutex // guards the emulator and the frame state below
	emu         Emulator
	dirty       bool // output since the last frame
	syncOpen    bool
	syncSince   time.Time
	lastFrame   time.Time
	frameCost   time.Duration // 1/SustainedRate: what one frame takes from frameBudget
	frameBudget *budget
	seq         uint64
	pub         Frame    // the last frame handed to the UI
	havePub     bool     // pub is set; cleared while hidden, so showing publishes
	changed     bool     // cells changed since pub
	damage      []bool   // rows changed since the last draw (see drawTo)
	damageAll   bool     // any row may have changed since the last draw
	scratch     []bool   // for the emulator's damage report
	rowHash     []uint64 // each row's cells as last collected (see collectDamageLocked)
	hashW       int      // the width rowHash was taken at
	hasher      rowHasher
	drawGen     uint64 // counts draws: a Drawn from before another draw is stale
	timer       *time.Timer
	timerAt     time.Time // zero when no flush is scheduled
	focused     bool
	fastUntil   time.Time // paced as focused until then: just shown (visible.go)
	stopped     bool
	lastIngest  time.Time     // when output was last emulated
	susp        suspension    // a hidden view's client is suspended (suspend.go)
	suspDone    chan struct{} // closed when the suspend-client on its way is done
	redrawDue   bool          // output was dropped without a suspension: redraw on show

	userInput   atomic.Bool   // input written since the last frame
	inputWake   chan struct{} // capacity 1: input was written
	visible     atomic.Bool   // the view is on screen: the PTY is read
	visibleWake chan struct{} // capacity 1: the view became visible
	held        atomic.Bool   // the reader waits for the view to be visible
	reading     atomic.Bool   // the reader waits in the kernel for output
	modes       atomic.Uint32 // latest Modes, readable without the lock
	stats       counters
	frames      chan *Frame // capacity 1: only the newest unconsumed frame
	in          *inputQueue

	sizeMu       sync.Mutex // orders resizes: emulator first, then the PTY
	ptyClosed    bool       // the PTY is closed; guarded by sizeMu, so no resize ioctls a closed fd
	wantW, wantH atomic.Int32

	closing   chan struct{} // closed when Close starts
	done      chan struct{} // closed when the output stream ended
	exited    chan struct{} // closed when the client process was reaped
	endOnce   sync.Once
	closeOnce sync.Once
	err       error // why the stream ended; set before done closes
	exitErr   error // the client's exit status; set before exited closes
}

// Attach starts `tmux attach-session -t =<session>` (never -d: other viewers
// stay attached) on a PTY of the configured size and starts reading it. It
// first gives the server the options its clients need (EnsureServerOptions).
// The session must exist.
func Attach(ctx context.Context, c *tmux.Client, session string, opts Options) (*Terminal, error) {
	opts = opts.withDefaults()
	if err := EnsureServerOptions(ctx, c); err != nil {
		return nil, err
	}
	// Not ctx: the client must outlive the call that created it.
	cmd := c.Command(context.Background(), "attach-session", "-t", tmux.ExactSession(session))
	cmd.Env = attachEnv(opts.Env)
	ptmx, err := pty.StartWithSize(cmd, &pty.Winsize{Cols: uint16(opts.Width), Rows: uint16(opts.Height)})
	if err != nil {
		return nil, err
	}
	if ptmx, err = pollable(ptmx); err != nil {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		return nil, err
	}
	t := newTerminal(ptmx, opts)
	t.session, t.runner, t.ptmx, t.proc = session, c, ptmx, cmd
	if name, err := clientName(ptmx.Fd()); err == nil {
		t.client = name
	}
	// x/vt reserves 4 MB for the parser and a full alternate screen, both of
	// which NewVTEmulator replaces at once (see tuneVT). Collected on their
	// own they would linger as resident memory (a later allocation that
	// reuses their pages has to zero them); give them back now.
	debug.FreeOSMemory()
	go func() {
		t.exitErr = cmd.Wait()
		close(t.exited)
	}()
	t.start()
	return t, nil
}

// attachEnv is the client's environment: no TMUX (tmux refuses to nest) and
// the TERM whose terminal-features we configure.
func attachEnv(base []string) []string {
	if base == nil {
		base = os.Environ()
	}
	env := make([]string, 0, len(base)+2)
	for _, kv := range base {
		k, _, _ := strings.Cut(kv, "=")
		switch k {
		case "TMUX", "TMUX_PANE", "TERM", "COLORTERM":
			continue
		}
		env = append(env, kv)
	}
	return append(env, "TERM=xterm-256color", "COLORTERM=truecolor")
}

// newTerminal wraps an already running output/input stream. Tests use it
// with pipes in place of a PTY.
func newTerminal(rw io.ReadWriteCloser, opts Options) *Terminal {
	opts = opts.withDefaults()
	t := &Terminal{
		opts:        opts,
		rw:          rw,
		emu:         opts.NewEmulator(opts.Width, opts.Height),
		frames:      make(chan *Frame, 1),
		in:          newInputQueue(),
		closing:     make(chan struct{}),
		inputWake:   make(chan struct{}, 1),
		visibleWake: make(chan struct{}, 1),
		done:        make(chan struct{}),
		exited:      make(chan struct{}),
		focused:     true,
	}
	t.visible.Store(true)
	t.frameCost = time.Duration(float64(time.Second) / opts.SustainedRate)
	// A frame is allowed while the level is not negative, so a capacity of
	// FrameBurst-1 frames lets exactly FrameBurst through at once.
	t.frameBudget = newBudget(1, time.Duration(opts.FrameBurst-1)*t.frameCost, time.Now())
	t.wantW.Store(int32(opts.Width))
	t.wantH.Store(int32(opts.Height))
	t.timer = time.AfterFunc(time.Hour, t.onTimer)
	t.timer.Stop()
	return t
}

// start launches the reader, the input writer and the reply drain.
func (t *Terminal) start() {
	go t.readLoop()
	go t.in.writeLoop(t.rw, t.done)
	go t.drainReplies()
}

// drainReplies forwards the emulator's answers to queries (tmux asks for
// device attributes on attach) to the PTY. Without it the emulator's Write
// would block forever on the first query.
func (t *Terminal) drainReplies() {
	buf := make([]byte, 1024)
	r := t.emu.Replies()
	for {
		n, err := r.Read(buf)
		if n > 0 {
			_ = t.in.push(buf[:n])
		}
		if err != nil {
			return
		}
	}
}

// Session is the tmux session this terminal is attached to.
func (t *Terminal) Session() string { return t.session }

// Modes reports the modes the attached program (through tmux) has enabled.
func (t *Terminal) Modes() Modes { return Modes(t.modes.Load()) }

// Write queues input for the PTY and returns at once; bytes keep their order.
// Input also earns the next frame outside the sustained-rate budget, and
// wakes a reader that is waiting out the budget: whatever the program shows
// in answer to a key is shown as fast as for a key after a quiet spell.
func (t *Terminal) Write(p []byte) (int, error) {
	if err := t.in.push(p); err != nil {
		return 0, err
	}
	t.userInput.Store(true)
	select {
	case t.inputWake <- struct{}{}:
	default:
	}
	return len(p), nil
}

// Resize sets the size in cells: the emulator first, then the PTY (which
// makes tmux resize the session's window). Concurrent calls settle on the
// latest size asked for.
func (t *Terminal) Resize(width, height int) error {
	if width <= 0 || height <= 0 {
		return nil
	}
	t.wantW.Store(int32(width))
	t.wantH.Store(int32(height))
	t.sizeMu.Lock()
	defer t.sizeMu.Unlock()
	w, h := int(t.wantW.Load()), int(t.wantH.Load())
	t.mu.Lock()
	if cw, ch := t.emu.Size(); cw == w && ch == h {
		t.mu.Unlock()
		return nil
	}
	t.emu.Resize(w, h)
	t.dirty = true
	t.flushLocked()
	t.mu.Unlock()
	if t.ptmx == nil {
		return nil
	}
	if t.ptyClosed {
		return ErrClosed // the reader or Close closed it, under sizeMu
	}
	return setSize(t.ptmx, w, h)
}

// Done is closed when the attach client's output has ended: the session or
// server went away, or Close was called.
func (t *Terminal) Done() <-chan struct{} { return t.done }

// Err reports why the output ended (nil for a normal detach or exit).
func (t *Terminal) Err() error {
	select {
	case <-t.done:
		return t.err
	default:
		return nil
	}
}

// Close detaches this client only: it ends our tmux client process and
// leaves the session, and every other client, running. It waits (briefly)
// for the process to go.
func (t *Terminal) Close() error {
	t.closeOnce.Do(func() {
		close(t.closing)
		if t.proc != nil && t.proc.Process != nil {
			// SIGTERM makes the tmux client detach cleanly.
			_ = t.proc.Process.Signal(syscall.SIGTERM)
			select {
			case <-t.exited:
			case <-time.After(2 * time.Second):
				_ = t.proc.Process.Kill()
				<-t.exited
			}
		}
		t.closePTY()
		select {
		case <-t.done:
		case <-time.After(2 * time.Second):
		}
	})
	return nil
}

// closePTY closes the PTY under sizeMu: a Resize in flight must not ioctl
// a closed (or reused) descriptor. Both Close and the reader call it.
func (t *Terminal) closePTY() {
	t.sizeMu.Lock()
	defer t.sizeMu.Unlock()
	if !t.ptyClosed {
		t.ptyClosed = true
		_ = t.rw.Close()
	}
}

// clientError is the attach client's failure ("can't find session", server
// gone), unless we stopped it ourselves. The output has ended, so the
// client is exiting; its status is waited for only briefly.
func (t *Terminal) clientError() error {
	select {
	case <-t.closing:
		return nil
	default:
	}
	select {
	case <-t.exited:
	case <-time.After(time.Second):
		return nil
	}
	if t.exitErr != nil {
		return fmt.Errorf("tmux attach to %s: %w", t.session, t.exitErr)
	}
	return nil
}

// end records why the stream ended and releases the goroutines.
func (t *Terminal) end(err error) {
	t.endOnce.Do(func() {
		if errors.Is(err, io.EOF) || errors.Is(err, os.ErrClosed) || errors.Is(err, syscall.EIO) {
			err = nil // EIO: the client exited and closed the PTY's other end
		}
		if err == nil && t.proc != nil {
			err = t.clientError()
		}
		t.err = err
		t.mu.Lock()
		t.stopped = true
		t.timer.Stop()
		t.mu.Unlock()
		t.in.close()
		_ = t.emu.Close()
		close(t.done)
	})
}
