package screen

import (
	"bytes"
	"os"
	"runtime/debug"
	"sync"
	"time"

	"golang.org/x/sys/unix"
)

// maxCaptured caps what CaptureStderr keeps: the first bytes of a panic
// report say what happened; a runaway writer must not grow amux's memory.
const maxCaptured = 256 << 10

// CaptureStderr points file descriptor 2 at a pipe until the returned
// function is called, which puts it back and writes what was captured to it.
//
// While amux owns the screen, anything written to standard error would land
// on the alternate screen and vanish with it when the terminal is restored —
// among it Bubble Tea's report of a panic it caught. Call CaptureStderr
// before Open and its function after Close: the report then appears on the
// restored terminal. A fatal runtime error kills the process before that,
// so those are also copied to the real standard error as they happen.
func CaptureStderr() (release func(), err error) {
	// Close-on-exec: this copy is amux's terminal, and a process amux
	// starts (the tmux server above all, which outlives amux) would
	// otherwise inherit it and keep the terminal open after amux quits.
	orig, err := unix.FcntlInt(2, unix.F_DUPFD_CLOEXEC, 0)
	if err != nil {
		return nil, err
	}
	r, w, err := os.Pipe()
	if err != nil {
		_ = unix.Close(orig)
		return nil, err
	}
	if err := unix.Dup2(int(w.Fd()), 2); err != nil {
		_ = unix.Close(orig)
		r.Close()
		w.Close()
		return nil, err
	}
	w.Close() // fd 2 holds the write end now
	real := os.NewFile(uintptr(orig), "stderr")
	_ = debug.SetCrashOutput(real, debug.CrashOptions{})
	var (
		mu   sync.Mutex
		kept bytes.Buffer
		done = make(chan struct{})
	)
	go func() {
		defer close(done)
		buf := make([]byte, 4096)
		for {
			n, err := r.Read(buf)
			mu.Lock()
			if room := maxCaptured - kept.Len(); room > 0 {
				kept.Write(buf[:min(n, room)])
			}
			mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	var once sync.Once
	return func() {
		once.Do(func() {
			_ = unix.Dup2(orig, 2) // closes our write end; EOF once no child holds a copy
			select {
			case <-done:
			case <-time.After(200 * time.Millisecond):
			}
			_ = debug.SetCrashOutput(nil, debug.CrashOptions{})
			mu.Lock()
			_, _ = real.Write(kept.Bytes())
			mu.Unlock()
			real.Close()
			r.Close()
		})
	}, nil
}
