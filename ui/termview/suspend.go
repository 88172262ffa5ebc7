package termview

import (
	"context"
	"errors"
	"fmt"
	"os"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// Hidden tabs cost the tmux server nothing. A hidden view reads nothing
// (SetVisible), so whatever tmux writes to its client backs up: the PTY
// fills, and tmux keeps that client's output buffered and polls its
// terminal for room about a thousand times a second (strace on a server
// with a few hidden tabs that had been typed into). So a hidden view's
// client is suspended instead (`suspend-client`): tmux stops its terminal
// and writes nothing to it — no output, no redraw when an option changes —
// until the client wakes. Showing the view sends the client SIGCONT; its
// handler tells the server to wake it, which starts the terminal again and
// redraws the whole screen, so the emulator is right within a round trip.
// Whatever the client was sent between the hide and the wake (the stop
// sequence, output before the suspension took effect) is dropped unread:
// the full redraw replaces it, and emulating it would flash the screen tmux
// leaves behind when it stops a terminal. Only the reader goroutine reads
// the PTY; showing a view interrupts a read that waits (a read deadline) so
// the reader does the wake itself.

// suspension is where a view's client is in that cycle.
type suspension int

const (
	awake      suspension = iota
	suspending            // suspend-client is on its way
	suspended             // the server holds the client stopped
)

// suspendTimeout bounds one suspend-client (or refresh-client) command.
const suspendTimeout = 2 * time.Second

// clientName is the tmux client name of the attach client on the PTY whose
// master is fd: the name of the PTY's terminal side, /dev/pts/N.
func clientName(fd uintptr) (string, error) {
	n, err := unix.IoctlGetInt(int(fd), unix.TIOCGPTN)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("/dev/pts/%d", n), nil
}

// canSuspend reports whether this terminal's client can be suspended: it
// is a tmux attach client amux started, whose name is known.
func (t *Terminal) canSuspend() bool {
	return t.runner != nil && t.proc != nil && t.proc.Process != nil && t.client != "" && t.ptmx != nil
}

// suspendLocked starts suspending the client of a view that was just
// hidden. Called with t.mu held.
func (t *Terminal) suspendLocked() {
	if !t.canSuspend() || t.susp != awake {
		return
	}
	t.susp = suspending
	done := make(chan struct{})
	t.suspDone = done
	go func() {
		defer close(done)
		ctx, cancel := context.WithTimeout(context.Background(), suspendTimeout)
		defer cancel()
		_, err := t.runner.Run(ctx, "suspend-client", "-t", t.client)
		t.mu.Lock()
		defer t.mu.Unlock()
		if err != nil {
			// The client keeps running, but what it was sent meanwhile was
			// dropped: ask for a full redraw when the view is shown.
			t.susp, t.redrawDue = awake, true
			return
		}
		// Stopping the client's terminal gave it back its cooked modes, and
		// the line discipline would act on input written before tmux makes
		// it raw again on the wake: a Ctrl-C typed right after showing the
		// tab would become a signal to the client, a keystroke an echo. Raw
		// until then, input waits in the terminal as bytes.
		_ = rawTerminal(t.client)
		t.susp = suspended
	}()
}

// interruptRead makes a read that waits for output return at once, so the
// reader can wake the client of a view that was just shown. Called with
// t.mu held.
func (t *Terminal) interruptReadLocked() {
	if t.ptmx != nil && (t.susp != awake || t.redrawDue) {
		_ = t.ptmx.SetReadDeadline(time.Now())
	}
}

// resumeIfShown brings the client of a shown view back: it waits for a
// suspension on its way, drops what the PTY holds (the full redraw after
// the wake replaces it), and sends the client SIGCONT. Only the reader
// calls it.
func (t *Terminal) resumeIfShown() {
	if !t.visible.Load() {
		return
	}
	t.mu.Lock()
	if t.susp == suspending {
		done := t.suspDone
		t.mu.Unlock()
		select {
		case <-done:
		case <-t.closing:
			return
		}
		t.mu.Lock()
	}
	state, redraw := t.susp, t.redrawDue
	t.susp, t.redrawDue = awake, false
	t.mu.Unlock()
	if state == awake && !redraw {
		return
	}
	_ = t.ptmx.SetReadDeadline(time.Time{})
	switch {
	case state == suspended:
		t.discardPending()
		// The redraw comes after the wake, which under load may be a
		// while after the show: pace it from now.
		t.mu.Lock()
		t.paceFastLocked()
		t.mu.Unlock()
		_ = t.proc.Process.Signal(syscall.SIGCONT)
		t.stats.wakes.Add(1)
	case redraw:
		t.discardPending()
		ctx, cancel := context.WithTimeout(context.Background(), suspendTimeout)
		defer cancel()
		_, _ = t.runner.Run(ctx, "refresh-client", "-t", t.client)
	}
}

// dropping reports whether output read now is to be dropped: the client is
// suspended or being suspended (or was, and a redraw is due), so a full
// redraw will follow.
func (t *Terminal) dropping() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.susp != awake || t.redrawDue
}

// interrupted reports whether a read ended only because showing the view
// interrupted it (see interruptReadLocked).
func interrupted(err error) bool { return errors.Is(err, os.ErrDeadlineExceeded) }

// discardPending reads and drops what the PTY holds right now, without
// waiting.
func (t *Terminal) discardPending() {
	buf, avail := make([]byte, 4096), newAvailReader(t.rw)
	for avail.more(buf, 0) > 0 {
	}
}

// rawTerminal puts the terminal side of a view's PTY (its client's
// terminal, /dev/pts/N) in raw mode: no signals, no line editing, no echo.
func rawTerminal(name string) error {
	fd, err := unix.Open(name, unix.O_RDWR|unix.O_NOCTTY|unix.O_CLOEXEC|unix.O_NONBLOCK, 0)
	if err != nil {
		return err
	}
	defer unix.Close(fd)
	tio, err := unix.IoctlGetTermios(fd, unix.TCGETS)
	if err != nil {
		return err
	}
	tio.Iflag &^= unix.IGNBRK | unix.BRKINT | unix.PARMRK | unix.ISTRIP | unix.INLCR | unix.IGNCR | unix.ICRNL | unix.IXON
	tio.Oflag &^= unix.OPOST
	tio.Lflag &^= unix.ECHO | unix.ECHONL | unix.ICANON | unix.ISIG | unix.IEXTEN
	tio.Cflag &^= unix.CSIZE | unix.PARENB
	tio.Cflag |= unix.CS8
	tio.Cc[unix.VMIN], tio.Cc[unix.VTIME] = 1, 0
	return unix.IoctlSetTermios(fd, unix.TCSETS, tio)
}
