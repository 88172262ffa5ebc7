//go:build unix

package atomicfile

import (
	"io/fs"
	"os"
	"strings"

	"golang.org/x/sys/unix"
)

// readFlags open a file for reading without blocking on a FIFO or a
// terminal and without making a terminal amux's controlling one.
const readFlags = unix.O_RDONLY | unix.O_NONBLOCK | unix.O_NOCTTY | unix.O_CLOEXEC

// openBeneathWalk is the portable ReadRegular open: it walks rel one
// component at a time from root, refusing a symlink at every step
// (O_NOFOLLOW), and opens the last component only once fstatat has shown a
// regular file there.
func openBeneathWalk(root, rel string) (*os.File, error) {
	dir, err := unix.Open(root, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: root, Err: err}
	}
	parts := strings.Split(rel, "/")
	for i, name := range parts[:len(parts)-1] {
		next, err := stepInto(dir, name, parts[:i+1])
		unix.Close(dir)
		if err != nil {
			return nil, err
		}
		dir = next
	}
	defer unix.Close(dir)
	var st unix.Stat_t
	if err := unix.Fstatat(dir, parts[len(parts)-1], &st, unix.AT_SYMLINK_NOFOLLOW); err != nil {
		return nil, openError(rel, err)
	}
	if r := modeRefusal(kindOf(uint32(st.Mode))); r != nil {
		return nil, r
	}
	fd, err := unix.Openat(dir, parts[len(parts)-1], readFlags|unix.O_NOFOLLOW, 0)
	if err != nil {
		return nil, openError(rel, err)
	}
	return verified(fd, rel, &st)
}

// stepInto opens the directory name inside dir, refusing a symlink; seen is
// the path walked so far, for the refusal.
func stepInto(dir int, name string, seen []string) (int, error) {
	var st unix.Stat_t
	if err := unix.Fstatat(dir, name, &st, unix.AT_SYMLINK_NOFOLLOW); err != nil {
		return -1, openError(strings.Join(seen, "/"), err)
	}
	switch kindOf(uint32(st.Mode)) {
	case fs.ModeSymlink:
		return -1, linkRefusal(seen, false)
	case fs.ModeDir:
	default:
		return -1, openError(strings.Join(seen, "/"), unix.ENOTDIR)
	}
	fd, err := unix.Openat(dir, name, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	if err != nil {
		return -1, openError(strings.Join(seen, "/"), err)
	}
	var now unix.Stat_t
	if err := unix.Fstat(fd, &now); err != nil || now.Dev != st.Dev || now.Ino != st.Ino {
		unix.Close(fd)
		return -1, &RefusedError{Reason: "changed while amux opened it"}
	}
	return fd, nil
}

// verified wraps fd once fstat shows it is still the regular file that
// was inspected before the open (want), closing it otherwise.
func verified(fd int, name string, want *unix.Stat_t) (*os.File, error) {
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		unix.Close(fd)
		return nil, &fs.PathError{Op: "fstat", Path: name, Err: err}
	}
	if st.Dev != want.Dev || st.Ino != want.Ino || kindOf(uint32(st.Mode)) != 0 {
		unix.Close(fd)
		return nil, &RefusedError{Reason: "changed while amux opened it"}
	}
	return os.NewFile(uintptr(fd), name), nil
}

// linkRefusal refuses a path because the component ending seen is a link.
func linkRefusal(seen []string, final bool) *RefusedError {
	if final {
		return &RefusedError{Reason: "is a symlink; " + linkReason}
	}
	return &RefusedError{Reason: "passes through " + strings.Join(seen, "/") + ", a symlink; " + linkReason}
}

// openError turns an errno from the walk into ReadRegular's errors: a
// component that is missing or not a directory means there is no file.
func openError(name string, err error) error {
	if err == unix.ENOTDIR {
		err = unix.ENOENT
	}
	return &fs.PathError{Op: "open", Path: name, Err: err}
}

// kindOf maps a stat mode's file type to fs.FileMode's type bits (0 for a
// regular file).
func kindOf(mode uint32) fs.FileMode {
	switch mode & unix.S_IFMT {
	case unix.S_IFREG:
		return 0
	case unix.S_IFDIR:
		return fs.ModeDir
	case unix.S_IFLNK:
		return fs.ModeSymlink
	case unix.S_IFIFO:
		return fs.ModeNamedPipe
	case unix.S_IFCHR:
		return fs.ModeDevice | fs.ModeCharDevice
	case unix.S_IFBLK:
		return fs.ModeDevice
	case unix.S_IFSOCK:
		return fs.ModeSocket
	}
	return fs.ModeIrregular
}
