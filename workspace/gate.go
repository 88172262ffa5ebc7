package workspace

import (
	"context"
	"fmt"
	"sync"
)

// gates holds one admission gate per workspace. A gate admits lifecycle
// work (setup, on-done hooks, run starts) until a teardown seizes it; from
// then on every new start fails with ErrWorkspaceTeardown, and the seizer
// cancels and drains what was already admitted. Gates are per process, like
// the processes they track.
type gates struct {
	mu sync.Mutex
	m  map[string]*gate
}

type gate struct {
	seized  bool
	next    int
	running map[int]context.CancelFunc
	drained *sync.Cond // signalled when running shrinks
}

func (gs *gates) get(id string) *gate {
	if gs.m == nil {
		gs.m = map[string]*gate{}
	}
	g := gs.m[id]
	if g == nil {
		g = &gate{running: map[int]context.CancelFunc{}, drained: sync.NewCond(&gs.mu)}
		gs.m[id] = g
	}
	return g
}

// admit registers one unit of lifecycle work. The returned context is
// cancelled when a teardown seizes the gate; done must be called when the
// work has finished (its processes reaped).
func (gs *gates) admit(ctx context.Context, id string) (context.Context, func(), error) {
	gs.mu.Lock()
	defer gs.mu.Unlock()
	g := gs.get(id)
	if g.seized {
		return nil, nil, fmt.Errorf("%w: %s", ErrWorkspaceTeardown, id)
	}
	wctx, cancel := context.WithCancel(ctx)
	key := g.next
	g.next++
	g.running[key] = cancel
	var once sync.Once
	done := func() {
		once.Do(func() {
			cancel()
			gs.mu.Lock()
			delete(g.running, key)
			g.drained.Broadcast()
			gs.mu.Unlock()
		})
	}
	return wctx, done, nil
}

// seize closes the gate, cancels every admitted unit and waits until all of
// them have called done. A second concurrent teardown gets
// ErrWorkspaceTeardown. The returned release reopens the gate (shelve, or a
// failed delete); forget drops it after a completed delete.
func (gs *gates) seize(ctx context.Context, id string) (release func(), err error) {
	gs.mu.Lock()
	g := gs.get(id)
	if g.seized {
		gs.mu.Unlock()
		return nil, fmt.Errorf("%w: %s (another teardown holds the gate)", ErrWorkspaceTeardown, id)
	}
	g.seized = true
	for _, cancel := range g.running {
		cancel()
	}
	// Wake the wait below if ctx ends, so a wedged drain cannot hang a delete
	// past its deadline.
	stop := context.AfterFunc(ctx, func() {
		gs.mu.Lock()
		g.drained.Broadcast()
		gs.mu.Unlock()
	})
	defer stop()
	for len(g.running) > 0 && ctx.Err() == nil {
		g.drained.Wait()
	}
	gs.mu.Unlock()
	release = func() {
		gs.mu.Lock()
		g.seized = false
		gs.mu.Unlock()
	}
	if ctx.Err() != nil {
		release()
		return nil, fmt.Errorf("drain lifecycle processes of %s: %w", id, ctx.Err())
	}
	return release, nil
}

// forget removes a workspace's gate after its delete completed, so a later
// workspace minted with the same ID starts with an open gate.
func (gs *gates) forget(id string) {
	gs.mu.Lock()
	defer gs.mu.Unlock()
	if g := gs.m[id]; g != nil && len(g.running) == 0 {
		delete(gs.m, id)
	}
}
