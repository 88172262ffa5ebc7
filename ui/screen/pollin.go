package screen

import (
	"fmt"
	"io"
	"os"
	"time"

	uv "github.com/charmbracelet/ultraviolet"
	"golang.org/x/sys/unix"
)

// inputReader is what Listen's decoder reads the terminal through: Read,
// and Cancel, which makes a Read in progress (and every later one) return
// at once.
type inputReader interface {
	io.Reader
	Cancel()
	Close() error
}

// openInput reads in through Go's network poller when it can: a goroutine
// waiting for a key is parked, and the poller wakes it when one arrives. A
// reader blocked in epoll_wait or read(2) instead holds an OS thread in a
// system call, which the runtime's sysmon has to notice and work around
// (hand its P on), and after an idle spell every key then costs extra
// thread wake-ups and context switches. The terminal is reopened through
// /proc/self/fd as a file description of our own, so that making it
// non-blocking does not change stdin for the shell or any other process
// sharing it; like every file Go opens it is close-on-exec. Where that
// does not work (no /proc) the decoder reads through uv's cancel reader.
func openInput(in *os.File) (inputReader, error) {
	fd, err := unix.Open(fmt.Sprintf("/proc/self/fd/%d", in.Fd()), unix.O_RDONLY|unix.O_NOCTTY|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
	if err != nil {
		cr, err := uv.NewCancelReader(in)
		if err != nil {
			return nil, err
		}
		// The cancel reader's epoll is made without close-on-exec.
		markCloseOnExec()
		return cancelInput{cr}, nil
	}
	return polledInput{os.NewFile(uintptr(fd), in.Name())}, nil
}

// polledInput is the terminal reopened non-blocking (see openInput).
type polledInput struct{ *os.File }

// Cancel ends a read that waits: the deadline wakes it with
// os.ErrDeadlineExceeded, which ends the decoder's stream.
func (p polledInput) Cancel() { _ = p.SetReadDeadline(time.Now()) }

// cancelInput is uv's cancel reader, for systems without /proc.
type cancelInput struct {
	cr interface {
		io.ReadCloser
		Cancel() bool
	}
}

func (c cancelInput) Read(b []byte) (int, error) { return c.cr.Read(b) }
func (c cancelInput) Cancel()                    { c.cr.Cancel() }
func (c cancelInput) Close() error               { return c.cr.Close() }
