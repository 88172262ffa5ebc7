package screen

import (
	"os"
	"strconv"

	"golang.org/x/sys/unix"
)

// markCloseOnExec sets close-on-exec on every descriptor of the process
// above standard error. Go opens its own files that way, but not every
// library does: ultraviolet's input reader creates its epoll (kqueue on the
// BSDs) without it, and the tmux server amux's first command starts would
// keep it open for as long as it runs. Nothing amux starts is meant to
// inherit a descriptor this way (os/exec hands a child its files
// explicitly), so marking them all is safe.
func markCloseOnExec() {
	dir := "/proc/self/fd"
	if _, err := os.Stat(dir); err != nil {
		dir = "/dev/fd"
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		fd, err := strconv.Atoi(e.Name())
		if err != nil || fd <= 2 {
			continue
		}
		if flags, err := unix.FcntlInt(uintptr(fd), unix.F_GETFD, 0); err == nil && flags&unix.FD_CLOEXEC == 0 {
			_, _ = unix.FcntlInt(uintptr(fd), unix.F_SETFD, flags|unix.FD_CLOEXEC)
		}
	}
}
