package status

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"amux.dev/amux/tmux"
)

// controlRunner runs every pane's tmux calls over one control-mode client:
// a publish is a line written to a process that is already running, a
// fraction of a millisecond, where a tmux process per call costs several
// (more under load) — which is most of what `report` → `wait` used to
// take. When no client can attach (no session yet, tmux refusing) a call
// falls back to a tmux process, and attaching is tried again a second later.
type controlRunner struct {
	client *tmux.Client

	mu      sync.Mutex
	ctl     *tmux.Control
	retryAt time.Time // no attach attempt before this, after one failed
}

// controlRetry spaces attach attempts after a failure.
const controlRetry = time.Second

// Run satisfies tmux.Runner.
func (r *controlRunner) Run(ctx context.Context, args ...string) (string, error) {
	if ctl := r.control(ctx); ctl != nil {
		out, err := ctl.Run(ctx, args...)
		if !errors.Is(err, tmux.ErrControlClosed) {
			return out, err
		}
		r.drop(ctl)
	}
	return r.client.Run(ctx, args...)
}

// control returns a live control client, attaching one when there is none.
func (r *controlRunner) control(ctx context.Context) *tmux.Control {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.ctl != nil {
		select {
		case <-r.ctl.Done():
			r.ctl = nil
		default:
			return r.ctl
		}
	}
	if time.Now().Before(r.retryAt) {
		return nil
	}
	// The control session, never an agent's (see tmux.ControlSession);
	// the tap has panes to read, so the server is up and has agents.
	if ctl, err := tmux.AttachControl(ctx, r.client, true); err == nil {
		r.ctl = ctl
		return ctl
	}
	r.retryAt = time.Now().Add(controlRetry)
	return nil
}

// drop forgets a client that ended.
func (r *controlRunner) drop(ctl *tmux.Control) {
	r.mu.Lock()
	if r.ctl == ctl {
		r.ctl = nil
	}
	r.mu.Unlock()
	ctl.Close()
}

// Close ends the control client.
func (r *controlRunner) Close() {
	r.mu.Lock()
	ctl := r.ctl
	r.ctl = nil
	r.mu.Unlock()
	if ctl != nil {
		ctl.Close()
	}
}

// errSuperseded answers the tmux calls of a pane's tap after a newer tap
// took the pane over: they must never overwrite what the newer one wrote.
var errSuperseded = errors.New("shared tap: a newer tap reads this pane")

// paneSlot is one pane in the shared tap. gen counts the taps handed the
// pane; only the newest may call tmux, and mu makes the check and the call
// one step, so an older tap's last publish cannot land after the newer
// tap's first. The shared tap's lock guards the other fields.
type paneSlot struct {
	mu   sync.Mutex
	gen  atomic.Uint64
	file interface{ Close() error } // the newest tap's stream
	live bool                       // a tap reads the pane
	refs int                        // handovers in progress for the pane
}

// gatedRunner is the Runner of one tap generation of a slot.
type gatedRunner struct {
	slot *paneSlot
	gen  uint64
	r    tmux.Runner
}

// Run satisfies tmux.Runner.
func (g gatedRunner) Run(ctx context.Context, args ...string) (string, error) {
	g.slot.mu.Lock()
	defer g.slot.mu.Unlock()
	if g.slot.gen.Load() != g.gen {
		return "", errSuperseded
	}
	return g.r.Run(ctx, args...)
}
