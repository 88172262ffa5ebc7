//go:build linux

package procid

import (
	"runtime"
	"syscall"
)

// DieWithParent has the kernel send sig to the child attr starts when its
// parent dies, however it dies. The signal follows the OS thread that
// forked the child, not the process: fork from a pinned thread (PinThread)
// for as long as the child should live.
func DieWithParent(attr *syscall.SysProcAttr, sig syscall.Signal) { attr.Pdeathsig = sig }

// PinThread keeps the calling goroutine on its OS thread until the returned
// function runs. The Go runtime ends a thread whenever a goroutine locked to
// it exits, and the kernel sends the parent-death signal when the forking
// thread ends: unpinned, a child could be killed by an unrelated
// goroutine's exit long before amux's.
func PinThread() (release func()) {
	runtime.LockOSThread()
	return runtime.UnlockOSThread
}
