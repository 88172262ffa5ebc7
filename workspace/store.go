package workspace

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"amux.dev/amux/config/atomicfile"
)

// recordPerm keeps records private: they hold env values and script text.
const recordPerm = 0o600

// trashPrefix names metadata directories being removed. Removal renames the
// whole directory first (one atomic step), so a crash can never leave a
// record without its tombstone; leftovers are swept by Recover.
const trashPrefix = ".trash-"

// Store reads and writes workspace records under one state home. Every
// mutation is a field transaction: it takes the workspace's flock, loads the
// record fresh, changes only the fields it owns and writes atomically.
// Readers never lock. A Store is safe for concurrent use by goroutines and
// by other processes sharing the state home.
type Store struct {
	layout Layout
}

// NewStore returns the store rooted at the state home.
func NewStore(home string) *Store { return &Store{layout: Layout{Home: home}} }

// Layout returns the paths this store uses.
func (s *Store) Layout() Layout { return s.layout }

// Load reads one record without locking (atomic writes mean a reader never
// sees half a file).
func (s *Store) Load(id string) (Record, error) {
	if !ValidID(id) {
		return Record{}, fmt.Errorf("%w: bad id %q", ErrNotFound, id)
	}
	r, _, err := s.read(id)
	if err != nil {
		return Record{}, err
	}
	return r.clone(), nil // drops the raw keys a caller has no use for
}

// read loads and decodes one record, returning the bytes it came from too
// so a transaction can tell whether anything changed.
func (s *Store) read(id string) (Record, []byte, error) {
	data, err := atomicfile.ReadState(s.layout.RecordFile(id))
	if errors.Is(err, fs.ErrNotExist) {
		return Record{}, nil, fmt.Errorf("%w: %s", ErrNotFound, id)
	}
	if err != nil {
		return Record{}, nil, err
	}
	r, err := decodeRecord(data)
	if err != nil {
		return Record{}, nil, fmt.Errorf("workspace %s: %w", id, err)
	}
	r.ID = id
	return r, data, nil
}

// List returns every record, oldest first. Records that fail to load are
// skipped and reported together in the error, so one bad file never hides
// the others.
func (s *Store) List() ([]Record, error) {
	entries, err := atomicfile.ReadStateDir(s.layout.WorkspacesDir())
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var recs []Record
	var errs []error
	for _, e := range entries {
		if !e.IsDir() || !ValidID(e.Name()) {
			continue
		}
		r, err := s.Load(e.Name())
		if errors.Is(err, ErrNotFound) {
			continue // a tombstone-only directory: recovery's business
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		recs = append(recs, r)
	}
	sort.SliceStable(recs, func(i, j int) bool {
		if !recs[i].Created.Equal(recs[j].Created) {
			return recs[i].Created.Before(recs[j].Created)
		}
		return recs[i].ID < recs[j].ID
	})
	return recs, errors.Join(errs...)
}

// lock takes the workspace's flock.
func (s *Store) lock(ctx context.Context, id string) (func(), error) {
	if !ValidID(id) {
		return nil, fmt.Errorf("%w: bad id %q", ErrNotFound, id)
	}
	return atomicfile.Lock(ctx, s.layout.WorkspaceLockPath(id))
}

// Insert writes a new record under rec.ID (minted from repo and root when
// empty). It fails with ErrExists when a record already holds the ID and
// with ErrDeleting while a delete of that ID is unfinished.
func (s *Store) Insert(ctx context.Context, rec Record) (Record, error) {
	id := rec.WorkspaceID()
	unlock, err := s.lock(ctx, id)
	if err != nil {
		return Record{}, err
	}
	defer unlock()
	if _, err := os.Lstat(s.layout.TombstoneFile(id)); err == nil {
		return Record{}, fmt.Errorf("%w: %s", ErrDeleting, id)
	}
	if _, err := os.Lstat(s.layout.RecordFile(id)); err == nil {
		return Record{}, fmt.Errorf("%w: %s", ErrExists, id)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return Record{}, err
	}
	rec.ID = id
	data, err := rec.encodeNew()
	if err != nil {
		return Record{}, err
	}
	if err := atomicfile.WriteFile(s.layout.RecordFile(id), data, recordPerm); err != nil {
		return Record{}, err
	}
	return rec.clone(), nil
}

// Update is the field transaction: under the workspace's flock it loads the
// record fresh, lets fn change the fields it owns, and writes back only the
// keys whose values changed. Keys fn did not touch — including ones written
// by another process a moment ago, and unknown keys from external tools —
// keep their bytes. fn returning an error writes nothing. A corrupt record is
// refused rather than rewritten.
func (s *Store) Update(ctx context.Context, id string, fn func(*Record) error) (Record, error) {
	unlock, err := s.lock(ctx, id)
	if err != nil {
		return Record{}, err
	}
	defer unlock()
	r, data, err := s.read(id)
	if err != nil {
		return Record{}, err
	}
	before, err := r.snapshot()
	if err != nil {
		return Record{}, err
	}
	if err := fn(&r); err != nil {
		return Record{}, err
	}
	r.ID = id // the key is the directory; a mutator cannot move it
	out, err := r.encodeChanges(before)
	if err != nil {
		return Record{}, err
	}
	if !bytes.Equal(out, data) {
		if err := atomicfile.WriteFile(s.layout.RecordFile(id), out, recordPerm); err != nil {
			return Record{}, err
		}
	}
	return r.clone(), nil
}

// remove deletes a workspace's metadata directory (record, tombstone, logs)
// under its lock. The directory is first renamed aside in one step, so no
// crash leaves a record without its tombstone.
func (s *Store) remove(ctx context.Context, id string) error {
	unlock, err := s.lock(ctx, id)
	if err != nil {
		return err
	}
	defer unlock()
	trash := filepath.Join(s.layout.WorkspacesDir(),
		trashPrefix+id+"-"+strconv.FormatInt(time.Now().UnixNano(), 36))
	if err := os.Rename(s.layout.WorkspaceDir(id), trash); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		return err
	}
	return os.RemoveAll(trash)
}

// sweepTrash removes metadata directories a crashed remove left renamed.
func (s *Store) sweepTrash() error {
	entries, err := atomicfile.ReadStateDir(s.layout.WorkspacesDir())
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		return err
	}
	var errs []error
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), trashPrefix) {
			errs = append(errs, os.RemoveAll(filepath.Join(s.layout.WorkspacesDir(), e.Name())))
		}
	}
	return errors.Join(errs...)
}
