//go:build !linux

package status

import (
	"net"
	"os"

	"golang.org/x/sys/unix"
)

// peerUID cannot name the peer off Linux without cgo-free getpeereid on
// every system: the socket's private directory is then the guard.
func peerUID(*net.UnixConn) (int, error) { return os.Getuid(), nil }

// hungUp reports whether the other end of a pipe or socket is closed.
func hungUp(f *os.File) bool {
	rc, err := f.SyscallConn()
	if err != nil {
		return true
	}
	hup := false
	_ = rc.Control(func(fd uintptr) {
		fds := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}
		if n, err := unix.Poll(fds, 0); err == nil && n > 0 {
			hup = fds[0].Revents&(unix.POLLHUP|unix.POLLERR) != 0
		}
	})
	return hup
}
