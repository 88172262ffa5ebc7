package status

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// watchExit calls onExit once, from its own goroutine, when process pid
// exits. It uses a pidfd, which becomes readable when the process ends, so
// the tap learns of the exit without polling even when tmux keeps the pane
// (remain-on-exit) and the pipe therefore never reaches EOF. stop releases
// the watch without calling onExit.
//
// The pidfd waits in Go's network poller, not in a blocking poll(2): a
// shared tap watches one process per pane, and a parked goroutine costs a
// few kilobytes where a thread blocked in a system call costs far more.
func watchExit(pid int, onExit func()) (stop func(), err error) {
	if pid <= 0 {
		return nil, errors.New("no pid")
	}
	pidfd, err := unix.PidfdOpen(pid, unix.PIDFD_NONBLOCK)
	if err != nil {
		return nil, err
	}
	// pidfd_open sets close-on-exec itself; os.NewFile registers the
	// non-blocking fd with the poller.
	f := os.NewFile(uintptr(pidfd), "pidfd")
	rc, err := f.SyscallConn()
	if err != nil {
		f.Close()
		return nil, err
	}
	go func() {
		exited := false
		err := rc.Read(func(fd uintptr) bool {
			fds := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}
			n, perr := unix.Poll(fds, 0)
			exited = perr == nil && n > 0
			return exited
		})
		f.Close()
		if err == nil && exited {
			onExit()
		}
	}()
	return func() { f.Close() }, nil
}
