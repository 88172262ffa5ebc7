// Package pump is the one bounded path from a background operation to the
// update loop: a create's script output, a teardown's steps, a restore's
// progress reach the model through a Pump, at most one message per wake.
package pump

import (
	"sync"

	tea "charm.land/bubbletea/v2"
)

// Pump carries a background operation's progress (output lines, step
// events) to the update loop: the worker appends, and one waiting command
// at a time wakes on new data, so a chatty script costs at most one message
// per wake-up, never one per line, and memory stays bounded.
type Pump[T any] struct {
	mu     sync.Mutex
	items  []T
	keep   int
	notify chan struct{}
	done   chan struct{}
}

// New is a pump that keeps the last keep items (0: all of them).
func New[T any](keep int) *Pump[T] {
	return &Pump[T]{keep: keep, notify: make(chan struct{}, 1), done: make(chan struct{})}
}

// Add records one item (dropping the oldest beyond keep) and wakes the reader.
func (p *Pump[T]) Add(v T) {
	p.mu.Lock()
	p.items = append(p.items, v)
	if p.keep > 0 && len(p.items) > p.keep {
		p.items = append(p.items[:0], p.items[len(p.items)-p.keep:]...)
	}
	p.mu.Unlock()
	select {
	case p.notify <- struct{}{}:
	default:
	}
}

// Snapshot returns a copy of the retained items.
func (p *Pump[T]) Snapshot() []T {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]T(nil), p.items...)
}

// Close ends the stream; the waiting command returns one last time.
func (p *Pump[T]) Close() { close(p.done) }

// Wait returns a command that blocks until there is news, then reports it
// with msg(snapshot, finished).
func (p *Pump[T]) Wait(msg func(items []T, finished bool) tea.Msg) tea.Cmd {
	return func() tea.Msg {
		select {
		case <-p.notify:
			return msg(p.Snapshot(), false)
		case <-p.done:
			return msg(p.Snapshot(), true)
		}
	}
}
