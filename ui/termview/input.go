package termview

import (
	"errors"
	"io"
	"sync"
)

// errInputFull is returned when more input is queued than the PTY has
// accepted; it means the attach client stopped reading.
var errInputFull = errors.New("termview: input queue full")

// ErrClosed is returned for input to a terminal that has been closed.
var ErrClosed = errors.New("termview: terminal closed")

// maxQueuedInput bounds bytes waiting for the PTY (a large paste fits).
const maxQueuedInput = 8 << 20

// inputQueue keeps input in order between Update (which must not block on
// I/O) and the one goroutine that writes the PTY. Keys, pastes, mouse
// reports and emulator replies all go through it, so they never interleave
// inside one another.
type inputQueue struct {
	mu     sync.Mutex
	buf    []byte
	closed bool
	wake   chan struct{} // capacity 1: "there is something to write"
}

func newInputQueue() *inputQueue { return &inputQueue{wake: make(chan struct{}, 1)} }

func (q *inputQueue) push(p []byte) error {
	if len(p) == 0 {
		return nil
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed {
		return ErrClosed
	}
	if len(q.buf)+len(p) > maxQueuedInput {
		return errInputFull
	}
	q.buf = append(q.buf, p...)
	select {
	case q.wake <- struct{}{}:
	default:
	}
	return nil
}

// take swaps the pending bytes for spare, so the two buffers are reused.
func (q *inputQueue) take(spare []byte) []byte {
	q.mu.Lock()
	defer q.mu.Unlock()
	b := q.buf
	q.buf = spare[:0]
	return b
}

func (q *inputQueue) close() {
	q.mu.Lock()
	q.closed = true
	q.mu.Unlock()
}

// writeLoop writes queued input to w until done closes or a write fails.
func (q *inputQueue) writeLoop(w io.Writer, done <-chan struct{}) {
	var spare []byte
	for {
		select {
		case <-q.wake:
		case <-done:
			return
		}
		b := q.take(spare)
		if len(b) > 0 {
			if _, err := w.Write(b); err != nil {
				q.close()
				return
			}
		}
		if cap(b) > 64<<10 {
			b = nil // let a big paste's buffer go
		}
		spare = b
	}
}
