package status

import (
	"errors"
	"os"
	"sync"
	"syscall"
	"time"
)

// readBufs lends read buffers to the shared tap's panes. A pane waiting for
// output holds none — the wait is in the poller, and a buffer is taken only
// once the stream is readable — so fifty quiet panes cost no buffers.
var readBufs = sync.Pool{New: func() any { b := make([]byte, readSize); return &b }}

// readStream reads f (a non-blocking pipe or socket) until EOF or until f
// is closed, handing each read to each, pausing inside a stream like
// RunTap does (never after a read each calls urgent).
func readStream(f *os.File, gap time.Duration, each func([]byte) (urgent bool)) error {
	rc, err := f.SyscallConn()
	if err != nil {
		return err
	}
	var pace readPace
	for {
		var buf *[]byte
		var n int
		var rerr error
		err := rc.Read(func(fd uintptr) bool {
			buf = readBufs.Get().(*[]byte)
			for {
				n, rerr = syscall.Read(int(fd), *buf)
				if !errors.Is(rerr, syscall.EINTR) {
					break
				}
			}
			if errors.Is(rerr, syscall.EAGAIN) {
				readBufs.Put(buf)
				buf = nil
				return false // wait in the poller
			}
			return true
		})
		if err != nil {
			if buf != nil {
				readBufs.Put(buf)
			}
			return err
		}
		if rerr != nil || n <= 0 {
			readBufs.Put(buf)
			return rerr // nil at EOF
		}
		urgent := each((*buf)[:n])
		readBufs.Put(buf)
		if d := pace.after(n, gap, time.Now(), urgent); d > 0 {
			time.Sleep(d)
		}
	}
}
