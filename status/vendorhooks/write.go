package vendorhooks

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"amux.dev/amux/config/atomicfile"
)

// newFileMode is the mode of a settings file amux creates: it may hold
// tokens and API keys, so only the user reads it.
const newFileMode fs.FileMode = 0o600

// errRaced means the file changed between amux reading and replacing it.
var errRaced = errors.New("changed while amux was editing it")

// edit is a read-modify-write of a file the vendor may also be writing.
// fn gets the current bytes (exists is false for a missing file) and returns
// the new bytes, or nil for "no change". The file is replaced atomically
// (temp file in the same folder, fsync, rename, folder fsync) and keeps its
// mode; a symlink is followed so a dotfiles link stays a link. The vendor
// takes no lock amux could share, so when the file changes under amux the
// edit starts over from the new bytes, a few times at most.
//
// beforeRename, when not nil, runs just before the final check; tests use
// it to play a concurrent writer.
func edit(path string, fn func(old []byte, exists bool) ([]byte, error), beforeRename func()) (changed bool, err error) {
	target, err := resolveLink(path)
	if err != nil {
		return false, err
	}
	for range 3 {
		old, exists, mode, err := readFile(target)
		if err != nil {
			return false, err
		}
		data, err := fn(old, exists)
		if err != nil || data == nil {
			return false, err
		}
		err = replaceFile(target, data, mode, old, exists, beforeRename)
		if errors.Is(err, errRaced) {
			continue
		}
		if err != nil {
			return false, fmt.Errorf("writing %s: %w", target, err)
		}
		return true, nil
	}
	return false, fmt.Errorf("%s kept changing while amux edited it; nothing was written, try again", path)
}

// resolveLink returns the file a symlink at path points to (even a
// dangling one), or path itself.
func resolveLink(path string) (string, error) {
	fi, err := os.Lstat(path)
	if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		return path, nil
	}
	if real, err := filepath.EvalSymlinks(path); err == nil {
		return real, nil
	}
	dest, err := os.Readlink(path)
	if err != nil {
		return "", err
	}
	if !filepath.IsAbs(dest) {
		dest = filepath.Join(filepath.Dir(path), dest)
	}
	return dest, nil
}

func readFile(path string) (data []byte, exists bool, mode fs.FileMode, err error) {
	data, err = atomicfile.ReadState(path) // a regular file only, bounded
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, newFileMode, nil
	}
	if err != nil {
		return nil, false, 0, err
	}
	fi, err := os.Stat(path)
	if err != nil {
		return nil, false, 0, err
	}
	return data, true, fi.Mode().Perm(), nil
}

// replaceFile writes data beside path and renames it over path, unless path
// no longer holds old (errRaced). On any error path is left as it was.
func replaceFile(path string, data []byte, mode fs.FileMode, old []byte, existed bool, beforeRename func()) error {
	return atomicfile.WriteFileIf(path, data, mode, func() error {
		if beforeRename != nil {
			beforeRename()
		}
		cur, exists, _, err := readFile(path)
		if err != nil {
			return err
		}
		if exists != existed || !bytes.Equal(cur, old) {
			return errRaced
		}
		return nil
	})
}
