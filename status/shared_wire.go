package status

import (
	"errors"
	"fmt"
	"net"
	"os"
	"strings"
	"syscall"
)

// The handover is one message each way on a fresh connection to the shared
// tap's socket: the pipe-pane child sends "tap %N\n" with its stdin (tmux's
// end of the pane's output pipe) attached as SCM_RIGHTS, and the tap
// answers one word:
//
//   - ok: the tap reads the pane from now on; the child exits;
//   - stale: tmux no longer pipes the pane to this child (a newer pipe
//     replaced it), so the descriptor was dropped; the child exits;
//   - retry: the tap is shutting down and kept nothing; the child starts
//     a new one and hands over again.
const (
	replyOK    = "ok"
	replyStale = "stale"
	replyRetry = "retry"
)

// maxHandoverMsg bounds the request: "tap " and a pane id.
const maxHandoverMsg = 64

// sendPane hands fd over for pane.
func sendPane(c *net.UnixConn, pane string, fd int) error {
	_, _, err := c.WriteMsgUnix([]byte("tap "+pane+"\n"), syscall.UnixRights(fd), nil)
	return err
}

// recvPane reads one handover. The descriptor comes back close-on-exec (Go
// receives with MSG_CMSG_CLOEXEC) and non-blocking, so the poller reads it.
// Anything but exactly one pipe or socket for a valid pane id is refused,
// and every descriptor that came with it is closed.
func recvPane(c *net.UnixConn) (string, *os.File, error) {
	buf := make([]byte, maxHandoverMsg)
	oob := make([]byte, syscall.CmsgSpace(4*4)) // room to receive (and close) strays
	n, oobn, flags, _, err := c.ReadMsgUnix(buf, oob)
	if err != nil {
		return "", nil, err
	}
	fds, ferr := rightsIn(oob[:oobn])
	closeAll := func() {
		for _, fd := range fds {
			syscall.Close(fd)
		}
	}
	msg := string(buf[:n])
	pane, ok := strings.CutPrefix(msg, "tap ")
	pane, nl := strings.CutSuffix(pane, "\n")
	switch {
	case ferr != nil:
		closeAll()
		return "", nil, ferr
	case flags&(syscall.MSG_TRUNC|syscall.MSG_CTRUNC) != 0 || !ok || !nl || !validPaneID(pane):
		closeAll()
		return "", nil, fmt.Errorf("shared tap: bad handover %q", msg)
	case len(fds) != 1:
		closeAll()
		return "", nil, fmt.Errorf("shared tap: handover for %s carries %d descriptors", pane, len(fds))
	}
	fd := fds[0]
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil || (st.Mode&syscall.S_IFMT != syscall.S_IFSOCK && st.Mode&syscall.S_IFMT != syscall.S_IFIFO) {
		syscall.Close(fd)
		return "", nil, fmt.Errorf("shared tap: handover for %s is not a pipe", pane)
	}
	syscall.CloseOnExec(fd) // already set on Linux; other systems set it here
	if err := syscall.SetNonblock(fd, true); err != nil {
		syscall.Close(fd)
		return "", nil, err
	}
	return pane, os.NewFile(uintptr(fd), "pane "+pane), nil
}

// rightsIn collects the descriptors of every SCM_RIGHTS message in oob.
func rightsIn(oob []byte) ([]int, error) {
	msgs, err := syscall.ParseSocketControlMessage(oob)
	if err != nil {
		return nil, err
	}
	var fds []int
	var errs []error
	for _, m := range msgs {
		got, err := syscall.ParseUnixRights(&m)
		fds = append(fds, got...)
		errs = append(errs, err)
	}
	return fds, errors.Join(errs...)
}
