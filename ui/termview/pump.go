package termview

import (
	"time"

	tea "charm.land/bubbletea/v2"
)

// Synchronized-update markers. tmux 3.3 with the sync feature brackets its
// redraws with the DCS form; newer tmux and most programs use DEC mode 2026.
const (
	seqSyncBegin    = "\x1b[?2026h"
	seqSyncEnd      = "\x1b[?2026l"
	seqSyncBeginDCS = "\x1bP=1s\x1b\\"
	seqSyncEndDCS   = "\x1bP=2s\x1b\\"
)

// readBufSize is one read from the PTY. The reader emulates a chunk before it
// reads the next, so this (plus the kernel's PTY buffer) is all amux holds;
// a flood backs up into tmux, which then discards and redraws instead.
const readBufSize = 32 << 10

// readLoop is the one reader of the PTY.
func (t *Terminal) readLoop() {
	buf := make([]byte, readBufSize)
	sc := seqScanner{pats: []string{seqSyncBegin, seqSyncEnd, seqSyncBeginDCS, seqSyncEndDCS}}
	for {
		n, err := t.rw.Read(buf)
		if n > 0 {
			t.ingest(&sc, buf[:n])
		}
		if err != nil {
			_ = t.rw.Close()
			t.end(err)
			return
		}
	}
}

// ingest emulates one chunk, tracking synchronized updates so that frames
// are only taken between them. A chunk is cut just after every end marker,
// so a complete frame is caught even when the next one starts in the same
// chunk.
func (t *Terminal) ingest(sc *seqScanner, p []byte) {
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
	t.storeModesLocked()
	t.flushLocked()
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
	if !t.dirty || t.stopped {
		return
	}
	now := time.Now()
	if t.syncOpen {
		if wait := t.syncSince.Add(t.opts.SyncTimeout).Sub(now); wait > 0 {
			t.scheduleLocked(now, wait)
			return
		}
	}
	interval := t.opts.BackgroundInterval
	if t.focused {
		interval = t.opts.FrameInterval
	}
	if wait := t.lastFrame.Add(interval).Sub(now); wait > 0 {
		t.scheduleLocked(now, wait)
		return
	}
	t.seq++
	f := snapshot(t.emu, t.seq)
	if t.syncOpen {
		f.Modes |= ModeSync
	}
	t.dirty, t.lastFrame = false, now
	// Keep only the newest frame: a stale unconsumed one is dropped.
	select {
	case <-t.frames:
	default:
	}
	t.frames <- f
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

// LatestFrame renders the current screen now, whatever the frame pacing, for
// callers that need a picture outside the message flow (a tab's thumbnail, a
// test). It still never shows a half-drawn synchronized update unless the
// update has outlived SyncTimeout; then it returns nil.
func (t *Terminal) LatestFrame() *Frame {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.syncOpen && time.Since(t.syncSince) < t.opts.SyncTimeout {
		return nil
	}
	return snapshot(t.emu, t.seq)
}
