package status

import (
	"errors"
	"sync"

	"golang.org/x/sys/unix"
)

// watchExit calls onExit once, from its own goroutine, when process pid
// exits. It uses a pidfd, which becomes readable when the process ends, so
// the tap learns of the exit without polling even when tmux keeps the pane
// (remain-on-exit) and the pipe therefore never reaches EOF. stop releases
// the watch without calling onExit.
func watchExit(pid int, onExit func()) (stop func(), err error) {
	if pid <= 0 {
		return nil, errors.New("no pid")
	}
	pidfd, err := unix.PidfdOpen(pid, 0)
	if err != nil {
		return nil, err
	}
	var wake [2]int
	if err := unix.Pipe2(wake[:], unix.O_CLOEXEC); err != nil {
		unix.Close(pidfd)
		return nil, err
	}
	go func() {
		defer unix.Close(pidfd)
		defer unix.Close(wake[0])
		fds := []unix.PollFd{{Fd: int32(pidfd), Events: unix.POLLIN}, {Fd: int32(wake[0]), Events: unix.POLLIN}}
		for {
			_, err := unix.Poll(fds, -1)
			if errors.Is(err, unix.EINTR) {
				continue
			}
			if err == nil && fds[1].Revents != 0 {
				return // stopped
			}
			break
		}
		onExit()
	}()
	var once sync.Once
	return func() {
		once.Do(func() {
			// If the watcher already returned, this write fails with EPIPE
			// (never a signal: Go ignores SIGPIPE off stdout and stderr).
			_, _ = unix.Write(wake[1], []byte{0})
			unix.Close(wake[1])
		})
	}, nil
}
