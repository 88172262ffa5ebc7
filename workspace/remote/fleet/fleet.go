// Package fleet is the set of remote hosts this amux works with: one
// client.Host per configured host (config.json's hosts), the status and
// last pushed state of each, one fan-in of their changes, and the routing
// from a workspace or a session to the host that has it. "This machine" is
// not in the fleet — the local engine is — and the UI puts the fleet's
// hosts after it, in the configured order.
//
// Every host is started at once, not on first use: the list shows each
// host's status and workspaces, and the attention jump, badges, bells and
// notifications must cover every host's agents, which only a live
// connection's pushes can tell. That costs little: a connected idle host
// pushes nothing, and nothing here polls (BenchmarkRemoteFleetIdle).
//
// What a host sends is outside input. The client validates its sessions
// and records and makes their display fields inert; the fleet does the
// same to every reason and fix it derives from an error before the UI
// sees them, and the UI's safetext draws them.
package fleet

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"amux.dev/amux/config"
	"amux.dev/amux/workspace"
	"amux.dev/amux/workspace/remote/client"
)

// Options are what every host's connection shares.
type Options struct {
	StateHome      string // this machine's state home (the control sockets)
	Version        string // this amux's version: the hosts' must equal it
	SSH            string // the ssh program ("" for ssh on the PATH)
	ConfigFile     string // ssh -F (tests; "" for the person's ~/.ssh/config)
	ControlPersist time.Duration
	HelloTimeout   time.Duration
}

// Host is one host as the fleet last saw it: a copy, safe to keep.
type Host struct {
	Name   string // the configured name (validated: a label)
	Dest   string // the ssh destination (validated)
	Status Status
	Since  time.Time // Unreachable: when it was last reachable (or first failed)
	Reason string    // Unreachable: ssh's words; Refused: why, in short (both cleaned)
	Fix    string    // Refused: what the person can do (cleaned)
	Err    error     // the client's typed error, for errors.As (nil when connected)
	State  client.State
}

// Services are one host's workspace services, as client.Host implements
// them (ViewStateService is not among them: the layout is this machine's).
type Services struct {
	Lifecycle workspace.LifecycleService
	Session   workspace.SessionService
	Review    workspace.ReviewService
	Trust     workspace.TrustService
	Status    workspace.StatusService
}

// Fleet is the running set of hosts. Its methods are safe for concurrent
// use.
type Fleet struct {
	o     Options
	start func(client.Options) *client.Host

	mu      sync.Mutex
	members []*member       // in the configured order
	changed map[string]bool // names changed since the last Changed
	signal  chan struct{}   // at most one pending: something changed
	closed  bool
}

// member is one running host. Its name can change (a rename keeps the
// connection), so the forwarder reads it under the fleet's lock.
type member struct {
	cfg  config.Host
	h    *client.Host
	stop chan struct{}
	done chan struct{}
}

// New starts a connection to every host (in the background: New returns
// at once) and returns the fleet. Hosts that do not validate, or repeat a
// name, are skipped and named in the error; the others run.
func New(o Options, hosts []config.Host) (*Fleet, error) {
	f := &Fleet{o: o, start: client.Start, changed: map[string]bool{}, signal: make(chan struct{}, 1)}
	return f, f.Set(hosts)
}

func (f *Fleet) clientOptions(h config.Host) client.Options {
	return client.Options{Dest: h.Dest, Program: h.Amux, StateHome: f.o.StateHome, Version: f.o.Version,
		SSH: f.o.SSH, ConfigFile: f.o.ConfigFile, ControlPersist: f.o.ControlPersist, HelloTimeout: f.o.HelloTimeout}
}

// Set makes the fleet run exactly hosts, in their order: a new name is
// started; a host whose name, destination and program are unchanged keeps
// its connection; a host renamed (a name gone, a new one with the same
// destination and program) keeps its connection under the new name; a host
// removed, or whose destination or program changed, is closed (before Set
// returns). Every name added, renamed (old and new) or removed is reported
// by Changed.
func (f *Fleet) Set(hosts []config.Host) error {
	var errs []error
	want := make([]config.Host, 0, len(hosts))
	seen := map[string]bool{}
	for _, h := range hosts {
		if err := h.Validate(); err != nil {
			errs = append(errs, err)
			continue
		}
		if seen[h.Name] {
			errs = append(errs, fmt.Errorf("%w: the host name %q is repeated; the first is kept", config.ErrBadHost, h.Name))
			continue
		}
		seen[h.Name] = true
		want = append(want, h)
	}

	f.mu.Lock()
	if f.closed {
		f.mu.Unlock()
		return errors.New("fleet: closed")
	}
	old := map[string]*member{}
	for _, m := range f.members {
		old[m.cfg.Name] = m
	}
	kept := map[*member]bool{}
	next := make([]*member, len(want))
	// Same name, same line: keep it.
	for i, h := range want {
		if m := old[h.Name]; m != nil && m.cfg == h {
			next[i], kept[m] = m, true
		}
	}
	// A new name with the line of a name that is gone: a rename.
	for i, h := range want {
		if next[i] != nil {
			continue
		}
		for _, m := range f.members {
			if !kept[m] && !seen[m.cfg.Name] && m.cfg.Dest == h.Dest && m.cfg.Amux == h.Amux {
				f.changed[m.cfg.Name], f.changed[h.Name] = true, true
				m.cfg = h
				next[i], kept[m] = m, true
				break
			}
		}
	}
	for i, h := range want {
		switch {
		case next[i] == nil:
			next[i] = f.startMember(h)
			f.changed[h.Name] = true
		case i >= len(f.members) || f.members[i] != next[i]:
			f.changed[h.Name] = true // moved in the list
		}
	}
	var gone []*member
	for _, m := range f.members {
		if !kept[m] {
			gone = append(gone, m)
			f.changed[m.cfg.Name] = true
		}
	}
	f.members = next
	f.mu.Unlock()

	closeAll(gone)
	f.notify()
	return errors.Join(errs...)
}

// startMember starts h's connection and its forwarder; f.mu is held.
func (f *Fleet) startMember(h config.Host) *member {
	m := &member{cfg: h, h: f.start(f.clientOptions(h)), stop: make(chan struct{}), done: make(chan struct{})}
	go f.forward(m)
	return m
}

// forward turns m's change notices into its name in the fan-in, until m
// is closed.
func (f *Fleet) forward(m *member) {
	defer close(m.done)
	for {
		select {
		case <-m.h.Changes():
			f.mu.Lock()
			f.changed[m.cfg.Name] = true
			f.mu.Unlock()
			f.notify()
		case <-m.stop:
			return
		}
	}
}

func (f *Fleet) notify() {
	select {
	case f.signal <- struct{}{}:
	default:
	}
}

// closeAll closes members in parallel: each Close waits for its
// connection's loop, and a host in the middle of a dial should not hold
// up the others.
func closeAll(ms []*member) {
	var wg sync.WaitGroup
	for _, m := range ms {
		wg.Go(func() {
			close(m.stop)
			<-m.done
			m.h.Close()
		})
	}
	wg.Wait()
}

// Changes receives a value (at most one pending) when a host changed: its
// status, its pushed state, or its place in the list. Changed says which.
func (f *Fleet) Changes() <-chan struct{} { return f.signal }

// Changed returns the names of the hosts that changed since the last call
// (a removed host's name too: Host then reports it gone), and forgets
// them. Many changes of one host between two calls are one name.
func (f *Fleet) Changed() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []string
	for _, m := range f.members {
		if f.changed[m.cfg.Name] {
			out = append(out, m.cfg.Name)
			delete(f.changed, m.cfg.Name)
		}
	}
	for name := range f.changed { // removed hosts, after the list's
		out = append(out, name)
	}
	clear(f.changed)
	return out
}

// Next waits until a host changed and returns Changed: what an app's
// command waits on. It returns ctx's error when ctx ends first.
func (f *Fleet) Next(ctx context.Context) ([]string, error) {
	for {
		select {
		case <-f.signal:
			if names := f.Changed(); len(names) > 0 {
				return names, nil
			}
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// Close ends every host's connection (the shared ssh masters stay for
// ControlPersist, so a next start reuses them). The fleet runs nothing
// afterwards; Set refuses.
func (f *Fleet) Close() {
	f.mu.Lock()
	ms := f.members
	f.members, f.closed = nil, true
	f.mu.Unlock()
	closeAll(ms)
}
