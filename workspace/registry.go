package workspace

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"

	"amux.dev/amux/config/atomicfile"
)

// registryPerm keeps registries private: project env may hold secrets.
const registryPerm = 0o600

// The project registries (project-env.json, project-scripts.json,
// trusted-scripts.json, projects.json) are JSON objects, and every save
// follows the contract's preserve-on-unreadable rule:
//
//   - an existing file that cannot be read (permission, a directory at the
//     path, an I/O error) refuses the save and keeps its bytes;
//   - a missing file initializes;
//   - corrupt JSON (or a non-object) is replaced by the authoritative write,
//     except in strict mode (trust revocation), which refuses it.
//
// Each save changes only its own top-level key, so entries for other
// projects and keys written by other tools survive.

// readObject reads a registry for use, without locking. A missing file is
// an empty object. Unreadable and corrupt files are errors wrapping
// ErrUnreadable and ErrCorrupt; callers choose how to degrade.
func readObject(path string) (map[string]json.RawMessage, error) {
	data, err := atomicfile.ReadState(path)
	if errors.Is(err, fs.ErrNotExist) {
		return map[string]json.RawMessage{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrUnreadable, path, err)
	}
	return parseObject(path, data)
}

func parseObject(path string, data []byte) (map[string]json.RawMessage, error) {
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(data, &doc); err != nil || doc == nil {
		if err == nil {
			err = errors.New("not an object")
		}
		return nil, fmt.Errorf("%w: %s: %v", ErrCorrupt, path, err)
	}
	return doc, nil
}

// errUnchanged, returned by an updateObject callback, skips the write: the
// document already says what the caller wanted.
var errUnchanged = errors.New("unchanged")

// updateObject runs fn on the registry's current document under its flock
// and writes the result atomically. fn returning an error writes nothing.
// strict refuses a corrupt file instead of replacing it.
func updateObject(ctx context.Context, path string, strict bool, fn func(doc map[string]json.RawMessage) error) error {
	unlock, err := atomicfile.Lock(ctx, path)
	if err != nil {
		return err
	}
	defer unlock()
	doc, err := readObject(path)
	switch {
	case errors.Is(err, ErrCorrupt) && !strict:
		doc = map[string]json.RawMessage{} // the authoritative write replaces it
	case err != nil:
		return fmt.Errorf("save refused, file kept: %w", err)
	}
	if err := fn(doc); err != nil {
		if errors.Is(err, errUnchanged) {
			return nil
		}
		return err
	}
	data, err := marshalDoc(doc)
	if err != nil {
		return err
	}
	return atomicfile.WriteFile(path, data, registryPerm)
}

// setEntry stores v under key, or deletes key when v is nil.
func setEntry(doc map[string]json.RawMessage, key string, v any) error {
	if v == nil {
		delete(doc, key)
		return nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	doc[key] = b
	return nil
}

// getEntry decodes doc[key] into v, reporting whether the key was present.
// A value of the wrong shape is ErrCorrupt for that entry only.
func getEntry(doc map[string]json.RawMessage, path, key string, v any) (bool, error) {
	raw, ok := doc[key]
	if !ok {
		return false, nil
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return true, fmt.Errorf("%w: %s: entry %q: %v", ErrCorrupt, path, key, err)
	}
	return true, nil
}
