package termview

import "time"

// showPace is how long a view that was just shown (or whose client was just
// woken) is paced at the focused frame interval, focused or not. Its
// client's full redraw follows the wake within a round trip; paced at the
// background interval it would be shown up to that interval late, and a
// tab switch would look slower than plain tmux. The frame budget still
// applies, so a flood in a tab shown unfocused costs no more than a
// focused one's for that second.
const showPace = time.Second

// SetVisible says whether the view is on screen. A hidden terminal does not
// read its PTY, and its tmux client is suspended (suspend.go): the server
// writes nothing to it while it is hidden, however much the pane prints and
// however often an option changes, so a hidden tab costs neither amux nor
// tmux anything. Showing it publishes the last screen at once and wakes the
// client, whose full redraw follows within a round trip.
func (t *Terminal) SetVisible(visible bool) { t.setVisible(visible) }

// setVisible is SetVisible returning, on showing, the frame published at
// once (nil when there is none yet, as while a synchronized update is open).
func (t *Terminal) setVisible(visible bool) *Frame {
	t.mu.Lock()
	defer t.mu.Unlock()
	was := t.visible.Swap(visible)
	if !visible {
		if was {
			t.havePub = false
			t.suspendLocked()
			if p, ok := t.emu.(parker); ok && t.susp != awake {
				// Suspended, the client gets a full redraw when shown,
				// so the grid can go meanwhile (vt_park.go).
				p.park()
			}
		}
		return nil
	}
	if !was {
		if p, ok := t.emu.(parker); ok {
			p.unpark()
		}
		t.paceFastLocked()
		t.interruptReadLocked()
	}
	select {
	case t.visibleWake <- struct{}{}:
	default:
	}
	if was || !t.setDirtyAndFlushLocked() {
		return nil
	}
	f := t.pub
	return &f
}

// setDirtyAndFlushLocked publishes the screen as it is, whatever the frame
// pacing allows, and reports whether it could.
func (t *Terminal) setDirtyAndFlushLocked() bool {
	seq := t.seq
	t.dirty, t.lastFrame = true, time.Time{}
	t.flushLocked()
	return t.seq != seq
}

// waitVisible holds the reader while the view is hidden and its client
// suspended or on its way to it (see SetVisible). A client that is not —
// a remote tab's (its server is on the host, out of suspend-client's
// reach), or one whose suspension failed — is read and emulated hidden as
// shown, so its server never holds output it cannot flush; showing it
// draws the emulator's screen at once.
func (t *Terminal) waitVisible() {
	for !t.visible.Load() {
		t.mu.Lock()
		drain := t.susp == awake && !t.canSuspend()
		t.mu.Unlock()
		if drain {
			return
		}
		t.held.Store(true)
		select {
		case <-t.visibleWake:
		case <-t.closing:
			t.held.Store(false)
			return
		}
	}
	t.held.Store(false)
}

// paceFastLocked paces frames as a focused view's for showPace from now.
func (t *Terminal) paceFastLocked() {
	t.fastUntil = time.Now().Add(showPace)
}
