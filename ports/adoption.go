package ports

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// AdoptionProbe inspects the configured tmux server during first-upgrade
// adoption. It reports ambiguous when any session might hold a port range
// the registry cannot see: an amux-named or @amux-tagged session whose
// @amux_instance is absent or belongs to this state home's namespace. An
// error defers adoption exactly like an ambiguous answer.
type AdoptionProbe func(ctx context.Context) (ambiguous bool, err error)

// AdoptionState says where a registry's intervals come from.
type AdoptionState int

const (
	// RegistryExisting: the registry file was already there; the probe did
	// not run.
	RegistryExisting AdoptionState = iota
	// RegistryCreated: the file was missing, the probe found nothing
	// ambiguous, and this call created it.
	RegistryCreated
	// AdoptionDeferred: the file is missing and the probe found a session
	// that may hold an untracked range (or failed). For the rest of this
	// Registry's life, intervals are allocated in memory, per process, and
	// the file is not created.
	AdoptionDeferred
)

// Adoption is the result of Adopt.
type Adoption struct {
	// State is where intervals come from.
	State AdoptionState
	// Warning is set exactly once per Registry, on the first Adopt call
	// after adoption was deferred; the caller shows it to the user.
	Warning string
}

// Adopt performs first-upgrade adoption; call it once at startup and show
// the returned Warning when it is not empty. While the registry file is
// missing it runs the probe under the registry lock: a clean answer creates
// the file, an ambiguous answer or a probe error defers. Reserve adopts
// lazily as well, so skipping Adopt only loses the warning.
//
// Deferral lasts for the Registry's life (one launch): a later launch probes
// again. "Allocate per-process as before" means what pre-registry amux did:
// each process hands out the lowest free interval under the current settings
// among the intervals it handed out itself, keeps it for its lifetime, and
// tells no other process. Two deferred instances can therefore overlap; that
// is the documented cost of mixed state, and why the user is warned.
func (r *Registry) Adopt(ctx context.Context) (Adoption, error) {
	if r.isDeferred() {
		return Adoption{State: AdoptionDeferred, Warning: r.takeWarning()}, nil
	}
	if _, err := os.Stat(r.path); err == nil {
		return Adoption{State: RegistryExisting}, nil
	} else if !errors.Is(err, fs.ErrNotExist) {
		return Adoption{}, fmt.Errorf("ports: stat registry: %w", err)
	}
	out, err := r.update(ctx, true, func(*document) (bool, error) { return false, nil })
	switch {
	case err != nil:
		return Adoption{}, err
	case out.deferred:
		return Adoption{State: AdoptionDeferred, Warning: r.takeWarning()}, nil
	case out.created:
		return Adoption{State: RegistryCreated}, nil
	}
	return Adoption{State: RegistryExisting}, nil
}

// adoptLocked runs the probe while the file is missing and the registry
// flock is held, and reports whether the file may be created. Once this
// Registry has deferred it never creates the file: its in-memory intervals
// would be invisible to the registry.
func (r *Registry) adoptLocked(ctx context.Context) bool {
	if r.isDeferred() {
		return false
	}
	ambiguous, err := r.probe(ctx)
	if err == nil && !ambiguous {
		return true
	}
	reason := "an amux tmux session from before the port registry may hold an untracked port range"
	if err != nil {
		reason = fmt.Sprintf("could not inspect tmux sessions (%v)", err)
	}
	r.mu.Lock()
	if !r.deferred {
		r.deferred, r.deferReason = true, reason
	}
	r.mu.Unlock()
	return false
}

func (r *Registry) isDeferred() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.deferred
}

// takeWarning returns the deferral warning the first time it is asked for.
func (r *Registry) takeWarning() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.deferred || r.warned {
		return ""
	}
	r.warned = true
	return fmt.Sprintf("port registry not created: %s. Ports are allocated by this amux process only "+
		"and other instances cannot see them. To adopt the registry, quit amux, stop all amux tmux "+
		"sessions once, then relaunch.", r.deferReason)
}

// memReserve is the deferred-mode allocator: per-process and in memory.
func (r *Registry) memReserve(owner string, transient bool) (Reservation, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if got, ok := r.mem[owner]; ok {
		return got, nil
	}
	taken := make([]Reservation, 0, len(r.mem))
	for _, m := range r.mem {
		taken = append(taken, m)
	}
	start, ok := lowestFree(r.settings, taken)
	if !ok {
		return Reservation{}, &ExhaustedError{Settings: r.settings, Reserved: len(taken)}
	}
	got := Reservation{
		Owner: owner, Start: start, Size: r.settings.Size, Settings: r.settings,
		Created: timeNow(), Transient: transient, Deferred: true,
	}
	r.mem[owner] = got
	return got, nil
}
