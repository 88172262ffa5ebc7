package atomicfile

import (
	"io/fs"
	"os"
	"strings"

	"golang.org/x/sys/unix"
)

// resolveBeneath keeps openat2 below its directory and off every link.
const resolveBeneath = unix.RESOLVE_BENEATH | unix.RESOLVE_NO_SYMLINKS | unix.RESOLVE_NO_MAGICLINKS

// openBeneath opens rel below root with openat2, the kernel refusing any
// link on the way. It first opens the file O_PATH, which opens nothing but a
// handle, to see what it is; only a regular file is then opened for reading
// (opening a device can have effects of its own). Kernels or sandboxes
// without openat2 get the component walk.
func openBeneath(root, rel string) (*os.File, error) {
	dir, err := unix.Open(root, unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: root, Err: err}
	}
	defer unix.Close(dir)
	pfd, err := openat2(dir, rel, unix.O_PATH|unix.O_CLOEXEC)
	if err == unix.ENOSYS || err == unix.EPERM {
		return openBeneathWalk(root, rel)
	}
	if err != nil {
		return nil, beneathError(dir, rel, err)
	}
	var st unix.Stat_t
	err = unix.Fstat(pfd, &st)
	unix.Close(pfd)
	if err != nil {
		return nil, &fs.PathError{Op: "fstat", Path: rel, Err: err}
	}
	if r := modeRefusal(kindOf(uint32(st.Mode))); r != nil {
		return nil, r
	}
	fd, err := openat2(dir, rel, readFlags)
	if err != nil {
		return nil, beneathError(dir, rel, err)
	}
	return verified(fd, rel, &st)
}

// openat2 retries the EAGAIN the kernel returns when a rename raced the
// resolution.
func openat2(dir int, rel string, flags int) (int, error) {
	how := unix.OpenHow{Flags: uint64(flags), Resolve: resolveBeneath}
	for range 8 {
		fd, err := unix.Openat2(dir, rel, &how)
		if err != unix.EAGAIN {
			return fd, err
		}
	}
	return -1, unix.EAGAIN
}

// beneathError explains an openat2 failure; for ELOOP it finds which
// component is the link, so the refusal can name it.
func beneathError(dir int, rel string, err error) error {
	switch err {
	case unix.ELOOP:
		parts := strings.Split(rel, "/")
		for i := range parts {
			var st unix.Stat_t
			if unix.Fstatat(dir, strings.Join(parts[:i+1], "/"), &st, unix.AT_SYMLINK_NOFOLLOW) == nil &&
				kindOf(uint32(st.Mode)) == fs.ModeSymlink {
				return linkRefusal(parts[:i+1], i == len(parts)-1)
			}
		}
		return linkRefusal(parts, true)
	case unix.EXDEV:
		return &RefusedError{Reason: "is not a path inside the folder amux reads from"}
	}
	return openError(rel, err)
}
