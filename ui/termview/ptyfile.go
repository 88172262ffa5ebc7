package termview

import (
	"os"

	"golang.org/x/sys/unix"
)

// pollable returns the PTY master as a file Go's network poller handles: a
// read that would block parks the reader goroutine instead of holding an OS
// thread in read(2), which the scheduler then has to work around on every
// wake-up. pty.StartWithSize leaves the master in blocking mode (it takes
// the descriptor to set the size), so this duplicates it in non-blocking
// mode and closes the original. Size changes go through setSize, which does
// not make it blocking again.
func pollable(f *os.File) (*os.File, error) {
	// Close-on-exec, as every descriptor amux opens: a process amux starts
	// must not hold a tab's terminal.
	fd, err := unix.FcntlInt(f.Fd(), unix.F_DUPFD_CLOEXEC, 0)
	if err != nil {
		return nil, err
	}
	if err := unix.SetNonblock(fd, true); err != nil {
		_ = unix.Close(fd)
		return nil, err
	}
	nf := os.NewFile(uintptr(fd), f.Name())
	_ = f.Close()
	return nf, nil
}

// setSize sets a PTY's window size in cells.
func setSize(f *os.File, width, height int) error {
	sc, err := f.SyscallConn()
	if err != nil {
		return err
	}
	var ioErr error
	if err := sc.Control(func(fd uintptr) {
		ioErr = unix.IoctlSetWinsize(int(fd), unix.TIOCSWINSZ, &unix.Winsize{Col: uint16(width), Row: uint16(height)})
	}); err != nil {
		return err
	}
	return ioErr
}
