package status

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"sync"
	"syscall"
	"time"

	"amux.dev/amux/tmux"
)

// The shared tap is one process per tmux server that reads every tapped
// pane's output. tmux pipes each pane to a short-lived child
// (`amux --internal-tap --shared`), which passes its end of the pipe to
// the shared tap over a Unix socket and exits, so a tapped pane costs no
// process of its own: only a goroutine and its records here. The shared
// tap runs exactly the per-pane tap's code over each stream, and all its
// tmux calls go over one control-mode client.
//
// Its lifetime is the panes': the first handover starts it, it exits
// idleExit after its last pane's stream ended (the panes closed, or the
// server is gone). It is no child of amux, so amux quitting leaves every
// pane tapped. If it dies, tmux closes each pipe at the pane's next output
// and the panes' @amux_tap names a dead process: the scan owner's monitor
// reinstalls the taps by itself (status/monitor/taprepair.go; the Health
// overlay's repair key by hand), and the first handover starts a new
// shared tap, which adopts the other orphaned panes.

// sharedConfig configures a shared tap.
type sharedConfig struct {
	paths    sharedPaths
	runner   tmux.Runner   // where the panes' options are published
	idleExit time.Duration // how long it outlives its last pane
	readGap  time.Duration
	logf     func(format string, args ...any)
	// bin and socket, when set, let the tap adopt at start the panes whose
	// tap died (adoptOrphans): bin is the amux binary their pipes run.
	bin, socket string
}

// defaultIdleExit is how long a shared tap with no panes waits for a new
// one: long enough to bridge a repair (close a pipe, open a new one).
const defaultIdleExit = 10 * time.Second

// handoverTimeout bounds one handover on the tap's side.
const handoverTimeout = 3 * time.Second

// shared is a running shared tap.
type shared struct {
	cfg  sharedConfig
	ln   *net.UnixListener
	lock *os.File // flock held while the tap runs
	ctx  context.Context

	mu      sync.Mutex
	panes   map[string]*paneSlot
	pending int  // handovers in progress
	closing bool // the listener is closing: hand nothing more to this tap
	idle    *time.Timer
	wg      sync.WaitGroup // handovers and pane readers
}

// errLocked says another shared tap holds the server's lock.
var errLocked = errors.New("shared tap: another one runs for this server")

// runShared runs the shared tap until it has been idle for cfg.idleExit or
// ctx ends. It returns errLocked at once when another one runs.
func runShared(ctx context.Context, cfg sharedConfig) error {
	d, err := newShared(ctx, cfg)
	if err != nil {
		return err
	}
	d.serve()
	return nil
}

// newShared takes the server's lock and binds the socket.
func newShared(ctx context.Context, cfg sharedConfig) (*shared, error) {
	if cfg.logf == nil {
		cfg.logf = func(string, ...any) {}
	}
	lock, err := takeLock(cfg.paths.lock, cfg.paths.sock, 2*time.Second)
	if err != nil {
		return nil, err
	}
	ln, err := listenShared(cfg.paths.sock)
	if err != nil {
		lock.Close()
		return nil, err
	}
	return &shared{cfg: cfg, ln: ln, lock: lock, ctx: ctx, panes: map[string]*paneSlot{}}, nil
}

// serve accepts handovers until the tap is idle or its context ends, then
// waits for every pane's tap to finish and lets go of the lock.
func (d *shared) serve() {
	defer d.lock.Close() // releases the flock, after the socket is gone
	d.mu.Lock()
	d.armIdle()
	d.mu.Unlock()
	stop := context.AfterFunc(d.ctx, d.shutdown)
	defer stop()
	if d.cfg.bin != "" && d.cfg.socket != "" {
		d.wg.Add(1)
		go func() {
			defer d.wg.Done()
			if n := d.adoptOrphans(d.cfg.bin, d.cfg.socket); n > 0 {
				d.cfg.logf("shared tap: adopted %d panes whose tap had died", n)
			}
		}()
	}
	for {
		c, err := d.ln.AcceptUnix()
		if err != nil {
			break
		}
		d.mu.Lock()
		d.pending++
		d.wg.Add(1)
		d.mu.Unlock()
		go d.handover(c)
	}
	d.shutdown()
	d.wg.Wait()
}

// takeLock holds the server's lock file, waiting up to wait for a shared
// tap that is exiting to let go of it. A tap that holds the lock with its
// socket bound is serving, not exiting (it unlinks the socket before it
// lets go): then this one gives up at once. Two pipe-pane children that
// find no tap both start one; the loser used to wait out the whole wait,
// and when the winner died within it (killed right after it announced
// itself, as a test does, slower under -race) the loser took over.
func takeLock(path, sock string, wait time.Duration) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|syscall.O_NOFOLLOW, 0o600)
	if err != nil {
		return nil, fmt.Errorf("shared tap: lock: %w", err)
	}
	deadline := time.Now().Add(wait)
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			return f, nil
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) || time.Now().After(deadline) || bound(sock) {
			f.Close()
			if errors.Is(err, syscall.EWOULDBLOCK) {
				return nil, errLocked
			}
			return nil, fmt.Errorf("shared tap: lock: %w", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// bound says whether a socket file is at sock. Under the lock's holder it
// means that holder listens there.
func bound(sock string) bool {
	fi, err := os.Lstat(sock)
	return err == nil && fi.Mode().Type() == os.ModeSocket
}

// listenShared binds the socket. It runs under the lock, so a socket file
// already there was left by a shared tap that died, never a live one.
func listenShared(path string) (*net.UnixListener, error) {
	if fi, err := os.Lstat(path); err == nil {
		if fi.Mode().Type() != os.ModeSocket {
			return nil, fmt.Errorf("shared tap: %s exists and is not a socket", path)
		}
		_ = os.Remove(path)
	}
	ln, err := net.ListenUnix("unix", &net.UnixAddr{Name: path, Net: "unix"})
	if err != nil {
		return nil, fmt.Errorf("shared tap: %w", err)
	}
	if err := os.Chmod(path, 0o600); err != nil {
		ln.Close()
		return nil, err
	}
	return ln, nil
}

// armIdle starts the exit countdown when no pane is left. d.mu is held.
func (d *shared) armIdle() {
	if len(d.panes) > 0 || d.closing {
		return
	}
	if d.idle == nil {
		d.idle = time.AfterFunc(d.cfg.idleExit, d.exitIfIdle)
		return
	}
	d.idle.Reset(d.cfg.idleExit)
}

// exitIfIdle closes the listener if nothing arrived meanwhile.
func (d *shared) exitIfIdle() {
	d.mu.Lock()
	if len(d.panes) > 0 || d.pending > 0 || d.closing {
		d.mu.Unlock()
		return
	}
	d.closing = true
	d.mu.Unlock()
	d.ln.Close() // unlinks the socket; Accept returns
}

// shutdown stops accepting and ends every pane's tap.
func (d *shared) shutdown() {
	d.mu.Lock()
	d.closing = true
	var files []interface{ Close() error }
	for _, s := range d.panes {
		if s.file != nil {
			files = append(files, s.file)
		}
	}
	d.mu.Unlock()
	d.ln.Close()
	for _, f := range files {
		f.Close()
	}
}

// handover takes one pane from a pipe-pane child.
func (d *shared) handover(c *net.UnixConn) {
	defer d.wg.Done()
	defer c.Close()
	reply := d.take(c)
	_ = c.SetWriteDeadline(time.Now().Add(handoverTimeout))
	_, _ = c.Write([]byte(reply + "\n"))
	d.mu.Lock()
	d.pending--
	d.armIdle()
	d.mu.Unlock()
}

// take receives and starts reading a pane, returning the reply word.
func (d *shared) take(c *net.UnixConn) string {
	d.mu.Lock()
	closing := d.closing
	d.mu.Unlock()
	uid, err := peerUID(c)
	if err != nil || uid != os.Getuid() {
		d.cfg.logf("shared tap: refused a connection (uid %d): %v", uid, err)
		return replyStale
	}
	_ = c.SetReadDeadline(time.Now().Add(handoverTimeout))
	pane, f, err := recvPane(c)
	if err != nil {
		d.cfg.logf("%v", err)
		return replyStale
	}
	if closing {
		f.Close()
		return replyRetry
	}
	slot := d.slotFor(pane)
	gen, ok := d.register(slot, pane, f)
	d.mu.Lock()
	slot.refs--
	if !ok {
		d.forgetIfDone(pane, slot)
	}
	closing = d.closing
	d.mu.Unlock()
	switch {
	case !ok && closing:
		f.Close()
		return replyRetry
	case !ok:
		f.Close()
		return replyStale
	}
	d.wg.Add(1)
	go d.read(pane, slot, gen, f)
	return replyOK
}

// slotFor returns pane's slot, created if needed, pinned against removal
// until the caller drops refs.
func (d *shared) slotFor(pane string) *paneSlot {
	d.mu.Lock()
	defer d.mu.Unlock()
	s := d.panes[pane]
	if s == nil {
		s = &paneSlot{}
		d.panes[pane] = s
	}
	s.refs++
	return s
}

// register makes f the pane's stream unless tmux has already closed its
// end. tmux closes a pane's old pipe before it starts the child of a new
// one, so of two handovers racing for one pane (a pipe replaced while its
// child was still handing over) the older one's stream is always hung up
// by the time the newer one exists: it is refused, whatever order the two
// arrive in. The check and the takeover happen under the slot's lock,
// which every tmux call of the pane's taps takes too.
func (d *shared) register(s *paneSlot, pane string, f *os.File) (uint64, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if hungUp(f) {
		d.cfg.logf("shared tap: %s: the handed-over pipe is already closed", pane)
		return 0, false
	}
	d.mu.Lock()
	if d.closing {
		// Shut down meanwhile: shutdown closed the streams it knew of,
		// and would not know of this one.
		d.mu.Unlock()
		return 0, false
	}
	old := s.file
	gen := s.gen.Add(1)
	s.file, s.live = f, true
	d.mu.Unlock()
	if old != nil {
		old.Close() // its tap ends; the gate drops its last publish
	}
	return gen, true
}

// read runs generation gen of pane's tap over f until the stream ends or
// a newer generation closes it.
func (d *shared) read(pane string, s *paneSlot, gen uint64, f *os.File) {
	defer d.wg.Done()
	t := startTap(d.ctx, TapConfig{
		PaneID:  pane,
		Runner:  gatedRunner{slot: s, gen: gen, r: d.cfg.runner},
		ReadGap: d.cfg.readGap,
		Logf:    d.cfg.logf,
	})
	err := readStream(f, d.cfg.readGap, func(p []byte) bool { return t.ingest(d.ctx, p) })
	if err != nil && s.gen.Load() == gen && d.ctx.Err() == nil {
		d.cfg.logf("tap %s: read: %v", pane, err) // not closed by a newer tap or a shutdown
	}
	t.finish(d.ctx)
	f.Close()
	d.mu.Lock()
	if s.gen.Load() == gen {
		s.live, s.file = false, nil
	}
	d.forgetIfDone(pane, s)
	d.armIdle()
	d.mu.Unlock()
}

// forgetIfDone removes a slot nobody reads or hands over. d.mu is held.
func (d *shared) forgetIfDone(pane string, s *paneSlot) {
	if !s.live && s.refs == 0 && d.panes[pane] == s {
		delete(d.panes, pane)
	}
}

// paneCount is how many panes the shared tap reads.
func (d *shared) paneCount() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	n := 0
	for _, s := range d.panes {
		if s.live {
			n++
		}
	}
	return n
}
