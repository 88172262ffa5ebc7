package workspace

import (
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"os"

	"amux.dev/amux/config/atomicfile"
	"amux.dev/amux/config/procid"
)

// owner names the amux process running a multi-step operation (a
// tombstone, an intent, a tracked script). Several amux processes may share
// a state home: recovery in one must never finish, roll back or kill what
// another, still running, is in the middle of.
type owner struct {
	PID   int    `json:"pid"`
	Token string `json:"token,omitempty"` // procid.Token: tells a recycled pid apart
}

// currentOwner identifies this process.
func currentOwner() owner {
	pid := os.Getpid()
	return owner{PID: pid, Token: procid.Token(pid)}
}

// running reports whether o is a live process — this one included. A
// marker without an owner (written by hand, or by an older amux) belongs to
// no one running.
func (o owner) running(self owner) bool {
	if o.PID <= 0 {
		return false
	}
	if o.PID == self.PID {
		return o.Token == self.Token || o.Token == "" || self.Token == ""
	}
	return procid.Alive(o.PID, o.Token)
}

// elsewhere reports whether o is another live amux process.
func (o owner) elsewhere(self owner) bool {
	return o.PID != self.PID && o.running(self)
}

// writeMarker atomically writes a workspace's marker file (tombstone or
// intent) as JSON under the workspace's lock.
func (s *Store) writeMarker(ctx context.Context, id, path string, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	unlock, err := s.lock(ctx, id)
	if err != nil {
		return err
	}
	defer unlock()
	return atomicfile.WriteFile(path, append(data, '\n'), recordPerm)
}

// removeMarker deletes a workspace's marker file under its lock; a marker
// already gone is fine.
func (s *Store) removeMarker(ctx context.Context, id, path string) error {
	unlock, err := s.lock(ctx, id)
	if err != nil {
		return err
	}
	defer unlock()
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// readMarker decodes a marker file into v. ok is false when it is absent.
// A marker that is present but not JSON (an older "1" tombstone, or one
// written by hand) is present with v left as it was: for a tombstone only
// its presence counts.
func readMarker(path string, v any) (ok bool, err error) {
	data, err := atomicfile.ReadState(path)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return true, err
	}
	_ = json.Unmarshal(data, v)
	return true, nil
}

// tombstone is the content of .deleting and .shelving: who is tearing the
// workspace down. Presence is the signal; the owner only keeps a second
// amux's recovery away from a teardown still running.
type tombstone struct {
	Owner owner `json:"owner"`
}
