package termview

import (
	"io"
	"syscall"
	"time"

	tea "charm.land/bubbletea/v2"
	uv "github.com/charmbracelet/ultraviolet"
)

// Synchronized-update markers. tmux 3.3 with the sync feature brackets its
// redraws with the DCS form; newer tmux and most programs use DEC mode 2026.
const (
	seqSyncBegin    = "\x1b[?2026h"
	seqSyncEnd      = "\x1b[?2026l"
	seqSyncBeginDCS = "\x1bP=1s\x1b\\"
	seqSyncEndDCS   = "\x1bP=2s\x1b\\"
)

// drainedPause is the longest the reader waits after a read that emptied
// the PTY: a 60 Hz frame.
const drainedPause = time.Second / 60

// maxEmulationPause is the longest the reader pauses at once to pay off
// emulation debt: one frame of the sustained rate's default.
const maxEmulationPause = time.Second / 12

// readBufSize is one read from the PTY. The reader emulates a chunk before it
// reads the next, so this (plus the kernel's PTY buffer) is all amux holds;
// a flood backs up into tmux, which then discards and redraws instead.
const readBufSize = 32 << 10

// readLoop is the one reader of the PTY. It emulates each chunk before it
// reads the next. While a flood keeps the PTY full (a read fills the whole
// buffer) it does not read between frames: what arrives meanwhile waits in
// the PTY and is read in one go when the next frame is due, and if it
// outruns us it backs up into tmux, which drops it and redraws later. The
// emulation budget caps the rest. A read that empties the PTY is followed
// by the next one drainedPause later at most: a keystroke's echo after a
// quiet spell is read at once, tiny writes are read in batches, and the end
// of a flood is not held back by the sustained rate.
func (t *Terminal) readLoop() {
	buf := make([]byte, readBufSize)
	sc := seqSplitter{pats: []string{seqSyncBegin, seqSyncEnd, seqSyncBeginDCS, seqSyncEndDCS}}
	emulation := newBudget(t.opts.EmulationShare, t.opts.EmulationBurst, time.Now())
	avail := newAvailReader(t.rw)
	// One timer for every pause: a pause follows nearly every read, and a
	// timer made for each was a good part of a keystroke's allocations.
	pause := time.NewTimer(time.Hour)
	pause.Stop()
	defer pause.Stop()
	for {
		t.waitVisible()
		t.resumeIfShown()
		t.startReading()
		n, err := t.rw.Read(buf)
		t.reading.Store(false)
		if interrupted(err) {
			err = nil // the view was shown: wake its client (suspend.go)
		}
		if err == nil && n > 0 {
			n = avail.more(buf, n)
		}
		if n > 0 && t.dropping() {
			n = 0 // a full redraw follows the wake
		}
		if n > 0 {
			t.stats.bytes.Add(uint64(n))
			t.stats.reads.Add(1)
			start := time.Now()
			due := t.ingest(&sc, buf[:n])
			now := time.Now()
			emulation.spend(now.Sub(start), now)
			// The emulation debt is waited off a frame at a time at most:
			// the PTY is looked at again (the flood may be over), and the
			// next chunk adds to the debt if it is not.
			emu := min(emulation.wait(now), maxEmulationPause)
			wait := max(emu, due.Sub(now))
			if n < len(buf) {
				// The PTY is drained: read again soon, but not at once, so
				// that tiny writes come in batches (tmux keeps writing a few
				// bytes while it discards a flood) yet the end of the output,
				// and tmux's redraw after a flood, is not held back by the
				// sustained rate. Input wakes the reader sooner.
				wait = max(emu, min(wait, drainedPause))
			}
			if wait > 0 {
				// Since Go 1.23 a Reset timer delivers no stale tick.
				pause.Reset(wait)
				select {
				case <-pause.C:
				case <-t.inputWake: // an answer to the input may be on its way
				case <-t.closing:
				}
				pause.Stop()
				t.stats.paused.Add(int64(time.Since(now)))
			}
		}
		if err != nil {
			t.closePTY()
			t.end(err)
			return
		}
	}
}

// availReader reads what the PTY holds right now, without waiting. A
// terminal's line discipline hands out at most 4 KB per read; a flood read
// in one 32 KB gulp costs one wake-up and one emulation pass instead of
// eight, and a full buffer tells the reader that more is waiting. Its raw
// connection and read function are made once: the reader calls more after
// every read, and making them each time allocated on every keystroke.
type availReader struct {
	raw  syscall.RawConn // nil when the stream has no descriptor (tests)
	p    []byte          // where the next read goes
	got  int             // what it read
	read func(fd uintptr) bool
}

func newAvailReader(r io.Reader) *availReader {
	a := &availReader{}
	if sc, ok := r.(syscall.Conn); ok {
		if raw, err := sc.SyscallConn(); err == nil {
			a.raw = raw
		}
	}
	a.read = func(fd uintptr) bool {
		a.got, _ = syscall.Read(int(fd), a.p)
		return true // never wait: EAGAIN means nothing more for now
	}
	return a
}

// more adds to buf[:n] what more the PTY holds right now, up to a full
// buffer, and returns the new length.
func (a *availReader) more(buf []byte, n int) int {
	if a.raw == nil {
		return n
	}
	defer func() { a.p = nil }() // hold no buffer between calls
	for n < len(buf) {
		a.p, a.got = buf[n:], 0
		if err := a.raw.Read(a.read); err != nil || a.got <= 0 {
			return n
		}
		n += a.got
	}
	return n
}

// ingest emulates one chunk, tracking synchronized updates so that frames
// are only published between them (and Draw copies no half-drawn screen).
// A chunk is cut just after every end marker, where a frame may be
// published; if the next update starts in the same chunk, the screen is
// whole again only when that one ends. It returns when the next frame may
// be published.
func (t *Terminal) ingest(sc *seqSplitter, p []byte) time.Time {
	t.mu.Lock()
	defer t.mu.Unlock()

	sc.scan(p, func(run []byte, pat int) {
		_, _ = t.emu.Write(run)
		t.dirty = true
		switch pat {
		case 0, 2:
			if !t.syncOpen {
				t.syncOpen, t.syncSince = true, time.Now()
			}
		case 1, 3:
			t.syncOpen = false
			t.flushLocked()
		}
	})
	t.lastIngest = time.Now()
	t.storeModesLocked()
	t.flushLocked()
	due, _ := t.nextFrameLocked(t.lastIngest)
	return due
}

// nextFrameLocked is the earliest time the frame pacing allows a frame,
// and whether it is the sustained frame rate that holds the frame back.
func (t *Terminal) nextFrameLocked(now time.Time) (due time.Time, byRate bool) {
	// A view just shown is paced as a focused one until its client's
	// redraw after the wake has landed (see showPace): the tab being
	// switched to is on screen before the switch focuses it.
	fast := t.focused || now.Before(t.fastUntil)
	interval := t.opts.FrameInterval
	if !fast {
		interval = t.opts.BackgroundInterval
	}
	due = t.lastFrame.Add(interval)
	if fast && !t.userInput.Load() {
		if w := t.frameBudget.wait(now); now.Add(w).After(due) {
			due, byRate = now.Add(w), true
		}
	}
	return due, byRate
}

// startReading marks the reader as waiting in the kernel. A frame that the
// sustained rate holds back is looked at again a frame interval after the
// last output: if none came by then, the output is over (see quietLocked).
func (t *Terminal) startReading() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.reading.Store(true)
	now := time.Now()
	if check := t.lastIngest.Add(t.opts.FrameInterval); t.dirty && !t.timerAt.IsZero() && t.timerAt.After(check) {
		t.scheduleLocked(now, max(check.Sub(now), time.Millisecond))
	}
}

// quietLocked reports whether the output has stopped: the reader waits in
// the kernel for more and nothing came for a frame interval. A frame the
// sustained rate holds back is then shown at once: the flood is over, and
// its last screen should not wait for the rate.
func (t *Terminal) quietLocked(now time.Time) bool {
	return t.reading.Load() && now.Sub(t.lastIngest) >= t.opts.FrameInterval
}

func (t *Terminal) storeModesLocked() {
	m := t.emu.Modes()
	if t.syncOpen {
		m |= ModeSync
	}
	t.modes.Store(uint32(m))
}

// flushLocked publishes a frame if there is news, no synchronized update is
// open (or it has been open too long), and the frame interval has passed;
// otherwise it schedules itself for when one of those may change.
func (t *Terminal) flushLocked() {
	if !t.dirty || t.stopped || !t.visible.Load() {
		return // a hidden terminal takes no frames: showing it does
	}
	now := time.Now()
	if t.syncOpen {
		if wait := t.syncSince.Add(t.opts.SyncTimeout).Sub(now); wait > 0 {
			t.scheduleLocked(now, wait)
			return
		}
	}
	due, byRate := t.nextFrameLocked(now)
	if wait := due.Sub(now); wait > 0 && !(byRate && t.quietLocked(now)) {
		if byRate && t.reading.Load() {
			// Look again when the reader has waited a frame for more:
			// the output may be over by then.
			wait = min(wait, max(t.lastIngest.Add(t.opts.FrameInterval).Sub(now), time.Millisecond))
		}
		t.scheduleLocked(now, wait)
		return
	}
	// Modes first: whoever reacts to this frame may ask Modes() about it.
	t.storeModesLocked()
	t.collectDamageLocked()
	w, h := t.emu.Size()
	f := Frame{Width: w, Height: h, Cursor: t.emu.Cursor(), Modes: t.emu.Modes(), Title: t.emu.Title()}
	if t.syncOpen {
		f.Modes |= ModeSync
	}
	t.dirty = false
	if t.havePub && !t.changed && sameLook(t.pub, f) {
		// tmux redraws every attached client whenever any option changes;
		// an identical screen is no news and must not cost the UI a render.
		return
	}
	t.changed = false
	t.seq++
	f.Seq = t.seq
	t.pub, t.havePub, t.lastFrame = f, true, now
	if !t.userInput.Swap(false) {
		t.frameBudget.spend(t.frameCost, now)
	}
	t.stats.frames.Add(1)
	// Keep only the newest frame: a stale unconsumed one is dropped.
	select {
	case <-t.frames:
	default:
	}
	t.frames <- &f
}

// collectDamageLocked moves the emulator's damage (rows written since it
// was last asked) into the rows the next draw must paint, and notes that
// the screen changed since the last frame. A row written with the cells it
// held (its hash is the same) is no damage.
func (t *Terminal) collectDamageLocked() {
	w, h := t.emu.Size()
	if len(t.damage) != h || t.hashW != w {
		t.damage, t.scratch, t.rowHash = make([]bool, h), make([]bool, h), make([]uint64, h)
		t.hashW, t.damageAll, t.changed = w, true, true
	}
	known := t.emu.TakeDamage(t.scratch)
	for y := range h {
		if !known || t.scratch[y] {
			t.scratch[y] = false
			if sum := t.hasher.row(t.emu, y, w); sum != t.rowHash[y] {
				t.rowHash[y] = sum
				t.damage[y], t.changed = true, true
			}
		}
	}
}

// scheduleLocked arranges a flush after wait unless one comes sooner.
func (t *Terminal) scheduleLocked(now time.Time, wait time.Duration) {
	at := now.Add(wait)
	if !t.timerAt.IsZero() && !t.timerAt.After(at) {
		return
	}
	t.timerAt = at
	t.timer.Reset(wait)
}

func (t *Terminal) onTimer() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.timerAt = time.Time{}
	t.flushLocked()
}

// SetFocused switches between the focused frame interval and the coarser
// background one. Focusing publishes pending output at once.
func (t *Terminal) SetFocused(focused bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.focused == focused {
		return
	}
	t.focused = focused
	if focused {
		t.lastFrame = time.Time{}
		t.timerAt = time.Time{}
		t.timer.Stop()
		// The reader may be waiting out the background interval.
		select {
		case t.inputWake <- struct{}{}:
		default:
		}
	}
	t.flushLocked()
}

// waitFrame is the command that delivers the next frame (or the end).
func (t *Terminal) waitFrame() tea.Cmd {
	return func() tea.Msg {
		select {
		case f := <-t.frames:
			return FrameMsg{term: t, Frame: f}
		case <-t.done:
			select {
			case f := <-t.frames:
				return FrameMsg{term: t, Frame: f}
			default:
			}
			return ClosedMsg{term: t, Err: t.Err()}
		}
	}
}

// Lines renders the screen as it is now, one styled line per row, each
// exactly as wide as the screen (a picture kept as text, tests). It returns
// nil while a synchronized update is open and younger than SyncTimeout:
// the program is halfway through a frame.
func (t *Terminal) Lines() []string { return t.lines(true) }

// lines is Lines; with whole false it renders a half-drawn update too.
func (t *Terminal) lines(whole bool) []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if whole && t.syncOpen && time.Since(t.syncSince) < t.opts.SyncTimeout {
		return nil
	}
	return screenLines(t.emu)
}

// Cell returns a copy of the cell at x, y of the screen as it is now (the
// zero cell outside it).
func (t *Terminal) Cell(x, y int) uv.Cell {
	t.mu.Lock()
	defer t.mu.Unlock()
	if c := t.emu.CellAt(x, y); c != nil {
		return *c
	}
	return uv.Cell{}
}
