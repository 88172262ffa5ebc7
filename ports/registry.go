package ports

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"

	"amux.dev/amux/config/atomicfile"
	"amux.dev/amux/config/procid"
)

// FileName is the registry's file name inside the state home.
const FileName = "port-reservations.json"

// filePerm keeps the registry private to its user, like every state file.
const filePerm = 0o600

// Registry hands out port intervals from one state home's registry file.
// Every amux process pointed at the same state home shares the file; the
// file's flock serializes them, and readers never lock. A Registry is safe
// for concurrent use.
type Registry struct {
	path     string
	settings Settings
	probe    AdoptionProbe
	pid      int
	pidToken string

	// mu guards the adoption state and the in-memory intervals used while
	// adoption is deferred; it is never held across file I/O.
	mu          sync.Mutex
	deferred    bool
	deferReason string
	warned      bool
	mem         map[string]Reservation

	cache docCache
}

// New returns the registry for the state home home (the caller resolves
// $AMUX_HOME or ~/.amux). settings shape new reservations only. probe is
// consulted while the file is missing; see Adopt.
func New(home string, settings Settings, probe AdoptionProbe) (*Registry, error) {
	if home == "" {
		return nil, errors.New("ports: empty state home")
	}
	if probe == nil {
		return nil, errors.New("ports: nil adoption probe")
	}
	if err := settings.Validate(); err != nil {
		return nil, err
	}
	pid := os.Getpid()
	return &Registry{
		path:     filepath.Join(home, FileName),
		settings: settings,
		probe:    probe,
		pid:      pid,
		pidToken: procid.Token(pid),
		mem:      map[string]Reservation{},
	}, nil
}

// Path returns the registry file's path.
func (r *Registry) Path() string { return r.path }

// Settings are the settings new reservations are minted under.
func (r *Registry) Settings() Settings {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.settings
}

// SetSettings changes what new reservations are minted under (Settings
// confirmed a change); every existing reservation keeps its bounds.
func (r *Registry) SetSettings(s Settings) error {
	if err := s.Validate(); err != nil {
		return err
	}
	r.mu.Lock()
	r.settings = s
	r.mu.Unlock()
	return nil
}

// Reserve returns workspaceID's committed interval verbatim, or mints the
// lowest free interval under the current settings that overlaps nothing on
// file and commits it before returning. workspaceID must be the workspace's
// persisted ID, never a path-derived one. It fails with *ExhaustedError
// when nothing fits and *CorruptError when the file cannot be trusted.
// While adoption is deferred the interval is per-process (Deferred is set).
func (r *Registry) Reserve(ctx context.Context, workspaceID string) (Reservation, error) {
	if err := checkOwnerID(workspaceID); err != nil {
		return Reservation{}, err
	}
	if r.isDeferred() {
		return r.memReserve(workspaceID, false)
	}
	// Fast path without the lock: the file is only ever replaced by rename,
	// and a committed interval never changes, so a hit is final.
	if res, ok, err := r.Lookup(workspaceID); err != nil || ok {
		return res, err
	}
	return r.reserveLocked(ctx, workspaceID, "", false)
}

// Lookup returns workspaceID's committed interval without minting one, for
// displays that must not change the registry. ok is false when there is none.
func (r *Registry) Lookup(workspaceID string) (res Reservation, ok bool, err error) {
	if r.isDeferred() {
		r.mu.Lock()
		res, ok = r.mem[workspaceID]
		r.mu.Unlock()
		return res, ok, nil
	}
	doc, err := r.read()
	if err != nil || doc == nil {
		return Reservation{}, false, err
	}
	if i, found := doc.find(workspaceID); found {
		return doc.Reservations[i].reservation(), true, nil
	}
	return Reservation{}, false, nil
}

// ReserveTransient returns this process's transient hold for rootHash (the
// workspace's path-derived ID), minting one if needed. Use it only for a
// workspace with no persisted ID; the hold is keyed
// transient-<pid>-<rootHash>, lives in the same file so other instances see
// it, and is swept by any later write once this process has died.
func (r *Registry) ReserveTransient(ctx context.Context, rootHash string) (Reservation, error) {
	if rootHash == "" {
		return Reservation{}, errors.New("ports: empty root hash")
	}
	owner := TransientOwner(r.pid, rootHash)
	if err := checkKeyChars(owner); err != nil {
		return Reservation{}, err
	}
	if r.isDeferred() {
		return r.memReserve(owner, true)
	}
	// Always under the lock: a hold under our pid but another process's
	// token is a dead predecessor's, and only the locked sweep removes it.
	return r.reserveLocked(ctx, owner, r.pidToken, true)
}

// ReleaseTransient drops this process's transient hold for rootHash, as a
// workspace delete or shelve must. Releasing a hold that does not exist is
// not an error.
func (r *Registry) ReleaseTransient(ctx context.Context, rootHash string) error {
	if rootHash == "" {
		return errors.New("ports: empty root hash")
	}
	owner := TransientOwner(r.pid, rootHash)
	r.mu.Lock()
	delete(r.mem, owner)
	r.mu.Unlock()
	_, err := r.update(ctx, false, func(doc *document) (bool, error) {
		gone := doc.remove(func(e entry) bool { return e.Owner != owner })
		return len(gone) > 0, nil
	})
	return err
}

func (r *Registry) reserveLocked(ctx context.Context, owner, token string, transient bool) (Reservation, error) {
	var got Reservation
	out, err := r.update(ctx, true, func(doc *document) (bool, error) {
		if i, ok := doc.find(owner); ok {
			got = doc.Reservations[i].reservation()
			return false, nil
		}
		e, err := r.mint(doc, owner, token)
		if err != nil {
			return false, err
		}
		got = e.reservation()
		return true, nil
	})
	if err != nil {
		return Reservation{}, err
	}
	if out.deferred {
		return r.memReserve(owner, transient)
	}
	return got, nil
}

func (r *Registry) mint(doc *document, owner, token string) (entry, error) {
	set := r.Settings()
	start, ok := lowestFree(set, reservationsOf(doc.Reservations))
	if !ok {
		return entry{}, &ExhaustedError{Settings: set, Reserved: len(doc.Reservations)}
	}
	e := entry{
		Owner: owner, Start: start, Size: set.Size,
		Created: timeNow(), Settings: set,
		PIDToken: token,
	}
	doc.Reservations = append(doc.Reservations, e)
	return e, nil
}

// read returns the validated document, or nil when the file is missing.
func (r *Registry) read() (*document, error) {
	data, err := atomicfile.ReadState(r.path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("ports: read registry: %w", err)
	}
	return r.cache.decode(r.path, data)
}

// outcome says how a locked update ended besides its error.
type outcome struct {
	deferred bool // the file is missing and adoption deferred: nothing written
	created  bool // the file was missing and this update created it
}

// update runs fn on the current document under the registry flock and
// writes the result atomically. Every write first sweeps transient holds
// whose process is dead. A file that fails validation is never written.
//
// When the file is missing: if mint is true, first-upgrade adoption decides
// between creating it and deferring; if mint is false, fn sees an empty
// document and nothing is written (releases never create the file).
func (r *Registry) update(ctx context.Context, mint bool, fn func(*document) (changed bool, err error)) (outcome, error) {
	var out outcome
	err := atomicfile.Update(ctx, r.path, filePerm, func(old []byte, exists bool) ([]byte, error) {
		doc := &document{Version: schemaVersion}
		if exists {
			d, err := r.cache.decode(r.path, old)
			if err != nil {
				return nil, err
			}
			doc = d
		} else if mint {
			if !r.adoptLocked(ctx) {
				out.deferred = true
				return nil, nil
			}
			out.created = true
		}
		swept := r.sweep(doc)
		changed, err := fn(doc)
		if err != nil || !exists && !mint {
			return nil, err
		}
		if !changed && !swept && !out.created {
			return nil, nil
		}
		data, err := encode(doc)
		if err == nil {
			// Cached before the rename lands; if the write fails the
			// next read sees the old bytes, which miss and re-parse.
			r.cache.store(data, doc)
		}
		return data, err
	})
	if err != nil {
		out.created = false
	}
	return out, err
}

// sweep removes transient holds whose owning process is dead.
func (r *Registry) sweep(doc *document) bool {
	gone := doc.remove(func(e entry) bool {
		pid, _, ok := parseTransientOwner(e.Owner)
		return !ok || procid.Alive(pid, e.PIDToken)
	})
	return len(gone) > 0
}

// timeNow is the creation stamp: UTC, to the second, so the file reads well.
func timeNow() time.Time { return time.Now().UTC().Truncate(time.Second) }
