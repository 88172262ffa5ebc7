package app

import (
	"sync"

	tea "charm.land/bubbletea/v2"
)

// pump carries a background operation's progress (output lines, step
// events) to the update loop: the worker appends, and one waiting command
// at a time wakes on new data, so a chatty script costs at most one message
// per wake-up, never one per line, and memory stays bounded.
type pump[T any] struct {
	mu     sync.Mutex
	items  []T
	keep   int
	notify chan struct{}
	done   chan struct{}
}

func newPump[T any](keep int) *pump[T] {
	return &pump[T]{keep: keep, notify: make(chan struct{}, 1), done: make(chan struct{})}
}

// add records one item (dropping the oldest beyond keep) and wakes the reader.
func (p *pump[T]) add(v T) {
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

// snapshot returns a copy of the retained items.
func (p *pump[T]) snapshot() []T {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]T(nil), p.items...)
}

// close ends the stream; the waiting command returns one last time.
func (p *pump[T]) close() { close(p.done) }

// wait returns a command that blocks until there is news, then reports it
// with msg(snapshot, finished).
func (p *pump[T]) wait(msg func(items []T, finished bool) tea.Msg) tea.Cmd {
	return func() tea.Msg {
		select {
		case <-p.notify:
			return msg(p.snapshot(), false)
		case <-p.done:
			return msg(p.snapshot(), true)
		}
	}
}
