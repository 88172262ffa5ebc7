package screen

import (
	"testing"

	"golang.org/x/sys/unix"
)

// The terminal is read through a non-blocking description of its own: the
// file amux was handed (stdin, shared with the shell) stays blocking, the
// reader's copy is non-blocking and close-on-exec, and a key written to
// the terminal is read through it.
func TestInputIsReadThroughThePollerWithoutChangingTheTerminalsFile(t *testing.T) {
	p := newTTY(t, 80, 24)
	in, err := openInput(p.tty)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	polled, ok := in.(polledInput)
	if !ok {
		t.Fatalf("input is %T, want the polled reopen", in)
	}
	raw, err := polled.SyscallConn()
	if err != nil {
		t.Fatal(err)
	}
	var status, fdFlags int
	if err := raw.Control(func(fd uintptr) {
		status, _ = unix.FcntlInt(fd, unix.F_GETFL, 0)
		fdFlags, _ = unix.FcntlInt(fd, unix.F_GETFD, 0)
	}); err != nil {
		t.Fatal(err)
	}
	if status&unix.O_NONBLOCK == 0 || fdFlags&unix.FD_CLOEXEC == 0 {
		t.Fatalf("reader's file: status flags %#x, fd flags %#x; want non-blocking and close-on-exec", status, fdFlags)
	}
	if orig, err := unix.FcntlInt(p.tty.Fd(), unix.F_GETFL, 0); err != nil || orig&unix.O_NONBLOCK != 0 {
		t.Fatalf("the terminal's own file: status flags %#x (%v), want it left blocking", orig, err)
	}
	if _, err := p.master.Write([]byte("k\n")); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 8) // a line: the terminal is cooked here
	if n, err := in.Read(buf); err != nil || string(buf[:n]) != "k\n" {
		t.Fatalf("read %q, %v; want the key", buf[:n], err)
	}
	in.Cancel()
	if _, err := in.Read(buf); err == nil {
		t.Fatal("a read after Cancel returned no error")
	}
}
