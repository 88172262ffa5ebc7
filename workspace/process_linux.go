//go:build linux

package workspace

import (
	"runtime"
	"syscall"
)

// dieWithParent has the kernel SIGKILL a lifecycle script's leader when
// amux dies, however it dies. (What the leader started is reaped by the
// next start from its process record.)
func dieWithParent(attr *syscall.SysProcAttr) { attr.Pdeathsig = syscall.SIGKILL }

// pinThread keeps the calling goroutine on its OS thread until the returned
// function runs. The kernel sends the parent-death signal when the thread
// that forked the child ends, not when the process does, and the Go runtime
// ends a thread whenever a goroutine locked to it exits: unpinned, a script
// could be killed by an unrelated goroutine's exit long before amux's.
func pinThread() (release func()) {
	runtime.LockOSThread()
	return runtime.UnlockOSThread
}
