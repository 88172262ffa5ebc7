package ports

import (
	"context"
	"errors"
	"fmt"
)

// LiveOwners returns every workspace ID that still owns its reservation:
// workspaces in the live model, shelved records, in-flight creates and
// mutations, and the @amux_workspace of every tagged tmux session. It is
// called fresh each time it is needed; an error stops the operation.
type LiveOwners func(ctx context.Context) ([]string, error)

// Orphans lists the durable reservations whose owner live does not name,
// ordered by start. Transient holds are never orphans: they belong to a
// process and are swept when it dies. A missing file has no orphans.
func (r *Registry) Orphans(ctx context.Context, live LiveOwners) ([]Reservation, error) {
	doc, err := r.read()
	if err != nil || doc == nil {
		return nil, err
	}
	return orphansOf(ctx, doc, live)
}

// ReleaseOrphans deletes the orphaned durable reservations, but only when
// there are exactly confirmed of them. It re-runs live fresh under the
// registry lock — the set the user was shown is never trusted — so a
// workspace that came back since is kept; when the count differs nothing is
// deleted and a *CountMismatchError is returned. It returns what it deleted.
func (r *Registry) ReleaseOrphans(ctx context.Context, confirmed int, live LiveOwners) ([]Reservation, error) {
	if confirmed < 1 {
		return nil, fmt.Errorf("ports: confirmed orphan count %d must be positive", confirmed)
	}
	var released []Reservation
	_, err := r.update(ctx, false, func(doc *document) (bool, error) {
		orphans, err := orphansOf(ctx, doc, live)
		if err != nil {
			return false, err
		}
		if len(orphans) != confirmed {
			return false, &CountMismatchError{Confirmed: confirmed, Current: len(orphans)}
		}
		drop := make(map[string]bool, len(orphans))
		for _, o := range orphans {
			drop[o.Owner] = true
		}
		doc.remove(func(e entry) bool { return !drop[e.Owner] })
		released = orphans
		return true, nil
	})
	if err != nil {
		return nil, err
	}
	return released, nil
}

func orphansOf(ctx context.Context, doc *document, live LiveOwners) ([]Reservation, error) {
	if live == nil {
		return nil, errors.New("ports: nil live-owner probe")
	}
	owners, err := live(ctx)
	if err != nil {
		return nil, fmt.Errorf("ports: list live owners: %w", err)
	}
	alive := make(map[string]bool, len(owners))
	for _, o := range owners {
		alive[o] = true
	}
	var out []Reservation
	for _, e := range sortedByStart(doc.Reservations) {
		if _, _, transient := parseTransientOwner(e.Owner); transient || alive[e.Owner] {
			continue
		}
		out = append(out, e.reservation())
	}
	return out, nil
}
