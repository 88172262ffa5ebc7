package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// Bounds on reading the files amux keeps under its state home (config,
// registries, records, markers, intents): generous for what amux writes
// there, small enough that a wrong file cannot exhaust memory or hold a
// start for long.
const (
	StateLimit   int64 = 16 << 20
	StateTimeout       = 5 * time.Second
)

// ReadState reads a file under amux's state home by the rules of
// ReadRegularFile: a link is followed (a config.json kept in a dotfiles
// repository is a link), but only to a regular file; nothing else is ever
// opened, so a link to /dev/tty or a FIFO neither blocks nor reads the
// person's keys. At most StateLimit bytes, within StateTimeout. A missing
// file satisfies errors.Is(err, fs.ErrNotExist); a refusal is a
// *RefusedError saying why.
func ReadState(path string) ([]byte, error) {
	return ReadRegularFile(path, StateLimit, StateTimeout)
}

// OpenState opens a file under the state home for reading by the same
// rules (links only to a regular file, an open that never blocks), for a
// reader that reads only part of it (a log's tail) and so caps itself.
func OpenState(path string) (*os.File, error) {
	f, err := openFollowing(path)
	if err != nil {
		return nil, decorate(err, path, "", path)
	}
	return f, nil
}

// ReadStateDir lists a folder under the state home. It opens only a
// directory (following links, as ReadState does): a FIFO or a device in a
// folder's place is refused before anything opens it.
func ReadStateDir(path string) ([]fs.DirEntry, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !fi.IsDir() {
		return nil, &RefusedError{Path: path, Reason: "is not a directory"}
	}
	return os.ReadDir(path)
}

// writeTarget is the file a write of path replaces: path itself, or, when
// path is a symlink, the existing file it leads to, so the link stays a
// link (a dotfiles repository's) and its target gets the new bytes. A link
// that leads nowhere, or to anything but a regular file, is refused:
// amux would otherwise create files wherever a dangling link points.
func writeTarget(path string) (string, error) {
	fi, err := os.Lstat(path)
	if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		return path, nil
	}
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		dest, _ := os.Readlink(path)
		reason := fmt.Sprintf("is a symlink to %s, which amux cannot reach (%v); amux writes through a link only to an existing file", dest, rootCause(err))
		return "", &RefusedError{Path: path, Reason: reason}
	}
	st, err := os.Stat(real)
	if err != nil {
		return "", err
	}
	if r := modeRefusal(st.Mode()); r != nil {
		return "", &RefusedError{Path: path, Reason: "is a symlink to " + real + ", which " + r.Reason}
	}
	return real, nil
}

// rootCause drops the path wrappers from err: the link's name is said once.
func rootCause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
