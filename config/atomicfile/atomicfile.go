// Package atomicfile handles files at amux's edge: the files amux owns,
// written atomically, and the files it reads but does not own, read with
// bounds.
//
// Writes go the way every amux file must be written: under an advisory
// lock, to a temp file in the same directory, fsynced, renamed over the
// target, with the directory synced. Readers never lock and never see half
// a file.
//
// Reads of files amux does not own (a repository's scripts file, a work
// tree's .gitattributes, a user's rule file) open nothing but a regular
// file, never block on the open, are capped in size and have a deadline;
// ReadRegular also never follows a link below the folder it reads from.
//
// It is a leaf: it imports no other amux package, so the leaf packages
// (config, ports, git, workspace, status) may all share it.
package atomicfile

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/gofrs/flock"
)

// LockTimeout bounds how long Lock waits for another process to finish.
const LockTimeout = 10 * time.Second

// WriteFile atomically replaces path with data. The temp file lives beside
// the target so the rename never crosses a filesystem; on any error the
// target keeps its old bytes and the temp file is removed.
func WriteFile(path string, data []byte, perm fs.FileMode) error {
	return WriteFileIf(path, data, perm, nil)
}

// WriteFileIf is WriteFile with a last check: ready runs after the new
// content is safely on disk and just before the rename, and an error from it
// cancels the write (the target keeps its bytes). It is for files amux
// cannot lock because another program owns them: ready re-reads the target
// and refuses when it changed underneath.
func WriteFileIf(path string, data []byte, perm fs.FileMode, ready func() error) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	name := tmp.Name()
	ok := false
	defer func() {
		if !ok {
			tmp.Close()
			os.Remove(name)
		}
	}()
	if err := tmp.Chmod(perm); err != nil {
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		return err
	}
	if err := tmp.Sync(); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if ready != nil {
		if err := ready(); err != nil {
			return err
		}
	}
	if err := os.Rename(name, path); err != nil {
		return err
	}
	ok = true
	return syncDir(dir)
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, os.ErrInvalid) {
		return err
	}
	return nil
}

// Lock takes the exclusive advisory lock guarding path (the sibling file
// path+".lock") and returns the function that releases it. It waits at most
// LockTimeout, or less when ctx ends sooner.
func Lock(ctx context.Context, path string) (unlock func(), err error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, err
	}
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, LockTimeout)
		defer cancel()
	}
	fl := flock.New(path + ".lock")
	got, err := fl.TryLockContext(ctx, 10*time.Millisecond)
	if err != nil || !got {
		if err == nil {
			err = ctx.Err()
		}
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	return func() { _ = fl.Unlock() }, nil
}

// Update runs fn under path's lock with the file's current bytes (exists is
// false when it is missing) and atomically writes what fn returns. When fn
// returns an error or nil data, nothing is written.
//
// The file is read as ReadState reads (a FIFO, a device or an oversize file
// refuses the update, its bytes kept). When path is a symlink the write
// goes through it: the file it leads to is replaced, keeping its mode, and
// the link stays; a link that leads to no regular file refuses the update.
func Update(ctx context.Context, path string, perm fs.FileMode, fn func(old []byte, exists bool) ([]byte, error)) error {
	unlock, err := Lock(ctx, path)
	if err != nil {
		return err
	}
	defer unlock()
	target, err := writeTarget(path)
	if err != nil {
		return err
	}
	old, err := ReadState(target)
	exists := err == nil
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if exists && target != path {
		if fi, err := os.Stat(target); err == nil {
			perm = fi.Mode().Perm() // the user's file: keep its mode
		}
	}
	data, err := fn(old, exists)
	if err != nil || data == nil {
		return err
	}
	return WriteFile(target, data, perm)
}
