// Package client is this machine's side of a remote host: one shared ssh
// connection per host (the person's own ssh, multiplexed), the protocol of
// package proto over it, and Host, which implements the workspace services
// over that connection so the app can take a host's services where it
// takes the local engine's. It reconnects with backoff when the connection
// drops, and says so with typed errors the UI can act on.
//
// Everything a host sends is outside input: lines are capped, pushed
// sessions and records validated, display text made inert (proto.Clean),
// and nothing it sends becomes a local tmux format, a local shell word or
// a local path acted on — the client runs nothing locally but ssh with
// its own fixed arguments.
package client

import (
	"context"
	"errors"
	"sync"
	"time"
)

// Backoff of the reconnects.
const (
	minBackoff = 500 * time.Millisecond
	maxBackoff = 30 * time.Second
)

// Host is one remote host: its connection (made and remade in the
// background) and the workspace services over it. Its methods are safe
// for concurrent use; while the host is unreachable they fail at once with
// an *UnreachableError (or the typed error that stops the connection).
type Host struct {
	o Options

	mu      sync.Mutex
	conn    *conn
	err     error     // why there is no connection; nil while connected
	since   time.Time // last reachable (or first failure)
	retry   chan struct{}
	changes chan struct{}
	stop    context.CancelFunc
	stopped chan struct{}
	fwd     []Forwarding // kept forwardings, asked for again on each connection
}

// Start begins connecting to the host in the background and returns at
// once; Err says how it is going, Changes when that or the pushed state
// changed.
func Start(o Options) *Host {
	ctx, cancel := context.WithCancel(context.Background())
	h := &Host{o: o, err: &UnreachableError{Dest: o.Dest, Since: time.Now(), Err: ErrConnecting},
		since: time.Now(), retry: make(chan struct{}, 1), changes: make(chan struct{}, 1), stop: cancel,
		stopped: make(chan struct{})}
	go h.loop(ctx)
	return h
}

// Dest is the host's ssh destination.
func (h *Host) Dest() string { return h.o.Dest }

// Err is nil while the host is connected, else why not: an
// *UnreachableError (retried with backoff) or one that waits on the person
// (*HostKeyError, *NotInstalledError, *ArchError, *VersionError; call
// Reconnect after acting on it).
func (h *Host) Err() error {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.err
}

// State returns what the host last pushed (kept while it is unreachable:
// the UI shows the last known state as such).
func (h *Host) State() State {
	h.mu.Lock()
	c := h.conn
	h.mu.Unlock()
	if c == nil {
		return State{}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.state
}

// Changes receives a value (at most one pending) whenever the connection's
// state or the pushed state changed.
func (h *Host) Changes() <-chan struct{} { return h.changes }

// Reconnect tries again now (after the person added a key or a binary).
func (h *Host) Reconnect() {
	select {
	case h.retry <- struct{}{}:
	default:
	}
}

// Close ends the connection and the reconnects. The shared ssh master
// stays for ControlPersist, so a next start reuses it.
func (h *Host) Close() {
	h.stop()
	<-h.stopped
}

func (h *Host) notify() {
	select {
	case h.changes <- struct{}{}:
	default:
	}
}

// loop connects, waits for the connection to end, and connects again with
// backoff, until Close.
func (h *Host) loop(ctx context.Context) {
	defer close(h.stopped)
	backoff := minBackoff
	for {
		c, err := dial(ctx, h.o, h.notify)
		if ctx.Err() != nil {
			if c != nil {
				c.close()
			}
			return
		}
		if err == nil {
			h.mu.Lock()
			h.conn, h.err = c, nil
			h.mu.Unlock()
			h.notify()
			go h.reforward(ctx)
			backoff = minBackoff
			select {
			case <-c.done:
				c.mu.Lock()
				why := c.err
				c.mu.Unlock()
				h.mu.Lock()
				h.since = time.Now()
				h.err = &UnreachableError{Dest: h.o.Dest, Since: h.since, Err: why}
				h.mu.Unlock()
				h.notify()
			case <-ctx.Done():
				c.close()
				return
			}
			continue
		}
		h.mu.Lock()
		if !needsPerson(err) {
			err = &UnreachableError{Dest: h.o.Dest, Since: h.since, Err: err}
		}
		h.err = err
		h.mu.Unlock()
		h.notify()
		wait := backoff
		if needsPerson(err) {
			wait = maxBackoff * 10 // until Reconnect, in practice
		}
		backoff = min(backoff*2, maxBackoff)
		t := time.NewTimer(wait)
		select {
		case <-t.C:
		case <-h.retry:
			t.Stop()
		case <-ctx.Done():
			t.Stop()
			return
		}
	}
}

// live returns the connection, or why there is none.
func (h *Host) live() (*conn, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.err != nil || h.conn == nil {
		if h.err == nil {
			return nil, &UnreachableError{Dest: h.o.Dest, Since: h.since, Err: errors.New("not connected")}
		}
		return nil, h.err
	}
	return h.conn, nil
}

// Hello is what the host said about itself on the current connection.
func (h *Host) Hello() (version, osArch, stateHome string, ok bool) {
	c, err := h.live()
	if err != nil {
		return "", "", "", false
	}
	return c.hello.Amux, c.hello.OS + "/" + c.hello.Arch, c.hello.Home, true
}

// do sends one request on the live connection.
func (h *Host) do(ctx context.Context, cl *call, result any, op string, args ...any) error {
	c, err := h.live()
	if err != nil {
		return err
	}
	err = c.request(ctx, cl, result, op, args...)
	select {
	case <-c.done:
		// The connection went while this was in flight: say so in the
		// caller's terms.
		if err != nil && ctx.Err() == nil {
			if _, lerr := h.live(); lerr != nil {
				return lerr
			}
		}
	default:
	}
	return err
}

// get is do for a request with a plain result and no sinks.
func get[R any](ctx context.Context, h *Host, op string, args ...any) (R, error) {
	var r R
	err := h.do(ctx, &call{}, &r, op, args...)
	return r, err
}
