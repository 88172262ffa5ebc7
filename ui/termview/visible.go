package termview

import "time"

// SetVisible says whether the view is on screen. A hidden terminal does not
// read its PTY at all: whatever the pane prints meanwhile waits in the PTY
// and in tmux, which — as for any client that falls behind — discards a
// flood and redraws the screen once it is over. A hidden tab therefore
// costs nothing, however much it prints (tmux also redraws every client
// whenever an option changes), and showing it again reads what waited and
// publishes the screen at once.
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
		}
		return nil
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

// waitVisible holds the reader while the view is hidden (see SetVisible).
func (t *Terminal) waitVisible() {
	for !t.visible.Load() {
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
