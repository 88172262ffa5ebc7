package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// ErrRefused matches every *RefusedError (errors.Is).
var ErrRefused = errors.New("file refused")

// RefusedError says why a file amux does not own was not read. Its text
// names the file first and the reason next, so the part a person needs
// survives a narrow dialog's wrapping.
type RefusedError struct {
	Path   string // as the caller named it: rel for ReadRegular, the path for ReadRegularFile
	Root   string // the directory rel is under; "" for ReadRegularFile
	Reason string // "is a symlink; …", "is a directory, not a regular file", …
}

// Error implements error.
func (e *RefusedError) Error() string {
	if e.Root == "" {
		return e.Path + " " + e.Reason
	}
	return e.Path + " " + e.Reason + " (in " + e.Root + ")"
}

// Is makes errors.Is(err, ErrRefused) match.
func (e *RefusedError) Is(target error) bool { return target == ErrRefused }

// linkReason is the refusal for a link anywhere on the way to the file.
const linkReason = "amux does not follow links in files it reads but did not write"

// ReadRegular reads rel beneath root: a file amux reads but does not own,
// such as a repository's .amux/scripts.json, a work tree's .gitattributes
// or a user's rule file. Whatever sits at that path, the call returns:
//   - no component of rel may be a symlink, and rel may not leave root
//     (root itself is resolved normally: it is amux's own choice of folder);
//   - nothing but a regular file is ever opened, and the open does not
//     block, so a FIFO or a terminal (a link to /dev/tty) cannot stall it or
//     steal the person's keys;
//   - at most limit bytes are read; a larger file is refused, not cut;
//   - after timeout the caller gets an error while the stuck read, if any,
//     finishes (and closes the file) on its own.
//
// A missing file, or a path through something that is not a directory, is
// an error satisfying errors.Is(err, fs.ErrNotExist). A refusal is a
// *RefusedError. The Linux kernel resolves rel with openat2's
// RESOLVE_BENEATH|RESOLVE_NO_SYMLINKS; elsewhere, and on kernels without
// openat2, each component is opened in turn with O_NOFOLLOW.
func ReadRegular(root, rel string, limit int64, timeout time.Duration) ([]byte, error) {
	clean, err := beneath(rel)
	if err == nil {
		var data []byte
		data, err = within(timeout, func() ([]byte, error) {
			f, err := openBeneath(root, clean)
			if err != nil {
				return nil, err
			}
			defer f.Close()
			return readCapped(f, limit)
		})
		if err == nil {
			return data, nil
		}
	}
	return nil, decorate(err, rel, root, filepath.Join(root, filepath.FromSlash(rel)))
}

// ReadRegularFile reads a file named by a whole path that the user chose
// (a git core.attributesFile, a settings file): links are followed, as the
// user's own tools would follow them, but the other rules of ReadRegular
// hold — only a regular file is opened, without blocking, capped at limit
// bytes, within timeout.
func ReadRegularFile(path string, limit int64, timeout time.Duration) ([]byte, error) {
	data, err := within(timeout, func() ([]byte, error) {
		f, err := openFollowing(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		return readCapped(f, limit)
	})
	if err != nil {
		return nil, decorate(err, path, "", path)
	}
	return data, nil
}

// openFollowing opens path, following links, only once a stat (which opens
// nothing) has shown a regular file: opening a device can have effects of
// its own. The open is checked to have reached the same file.
//
// A file amux's own writers replace by rename can change between the stat
// and the open; that is a new version, not an attack, so the open is tried
// again a few times before it is refused.
func openFollowing(path string) (*os.File, error) {
	var err error
	for range replacedRetries {
		var f *os.File
		if f, err = openFollowingOnce(path); !errors.Is(err, errReplaced) {
			return f, err
		}
	}
	return nil, err
}

// replacedRetries bounds the opens of a file that keeps being replaced.
const replacedRetries = 5

// errReplaced is the refusal of a file that changed while it was opened.
var errReplaced = &RefusedError{Reason: "changed while amux opened it"}

// openFollowingOnce is one try of openFollowing.
func openFollowingOnce(path string) (*os.File, error) {
	before, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if r := modeRefusal(before.Mode()); r != nil {
		return nil, r
	}
	f, err := os.OpenFile(path, readFlags, 0)
	if err != nil {
		return nil, err
	}
	after, err := f.Stat()
	if err == nil && !os.SameFile(before, after) {
		err = errReplaced
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// within runs read and waits for it at most timeout. A read still running
// then is abandoned, not cancelled: it must release what it holds itself.
func within(timeout time.Duration, read func() ([]byte, error)) ([]byte, error) {
	type result struct {
		data []byte
		err  error
	}
	done := make(chan result, 1) // buffered: an abandoned read never blocks on it
	go func() {
		data, err := read()
		done <- result{data, err}
	}()
	t := time.NewTimer(timeout)
	defer t.Stop()
	select {
	case r := <-done:
		return r.data, r.err
	case <-t.C:
		return nil, &RefusedError{Reason: fmt.Sprintf("could not be read within %v", timeout)}
	}
}

// readCapped reads all of f, refusing a file over limit bytes whether its
// size says so up front or it grows while being read.
func readCapped(f *os.File, limit int64) ([]byte, error) {
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if r := modeRefusal(fi.Mode()); r != nil {
		return nil, r
	}
	tooBig := &RefusedError{Reason: "is larger than the " + sizeText(limit) + " amux reads"}
	if fi.Size() > limit {
		return nil, tooBig
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, tooBig
	}
	return data, nil
}

// modeRefusal is the refusal for anything but a regular file, or nil.
func modeRefusal(m fs.FileMode) *RefusedError {
	var what string
	switch {
	case m.IsRegular():
		return nil
	case m&fs.ModeSymlink != 0:
		return &RefusedError{Reason: "is a symlink; " + linkReason}
	case m.IsDir():
		what = "a directory"
	case m&fs.ModeNamedPipe != 0:
		what = "a named pipe (FIFO)"
	case m&fs.ModeDevice != 0:
		what = "a device"
	case m&fs.ModeSocket != 0:
		what = "a socket"
	default:
		what = "special"
	}
	return &RefusedError{Reason: "is " + what + ", not a regular file"}
}

// beneath checks that rel is a relative path that stays below its root
// and returns it cleaned, with forward slashes.
func beneath(rel string) (string, error) {
	clean := filepath.ToSlash(filepath.Clean(filepath.FromSlash(rel)))
	if rel == "" || clean == "." || filepath.IsAbs(rel) || strings.HasPrefix(rel, "/") ||
		clean == ".." || strings.HasPrefix(clean, "../") {
		return "", &RefusedError{Reason: "is not a path inside the folder amux reads from"}
	}
	return clean, nil
}

// decorate names the file in an error from the open or the read.
func decorate(err error, name, root, full string) error {
	var r *RefusedError
	if errors.As(err, &r) {
		return &RefusedError{Path: name, Root: root, Reason: r.Reason}
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return &fs.PathError{Op: pe.Op, Path: full, Err: pe.Err}
	}
	return &fs.PathError{Op: "read", Path: full, Err: err}
}

// sizeText renders a byte count the way a person reads a limit.
func sizeText(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
