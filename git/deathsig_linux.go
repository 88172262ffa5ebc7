//go:build linux

package git

import (
	"runtime"
	"syscall"
)

// dieWithParent has the kernel send git SIGTERM when amux dies. A git left
// running by a killed amux races the next start's recovery: a `worktree add`
// that finishes after recovery rolled its create back leaves exactly the
// orphan worktree and branch recovery had removed. SIGTERM rather than
// SIGKILL, so git removes its own lock files and a half-made worktree.
func dieWithParent(attr *syscall.SysProcAttr) { attr.Pdeathsig = syscall.SIGTERM }

// pinThread keeps the calling goroutine on its OS thread until the returned
// function runs. The kernel sends the parent-death signal when the thread
// that forked the child ends, not the process; the Go runtime ends a thread
// whenever a goroutine locked to it exits, so an unpinned fork could see
// git killed by an unrelated goroutine's exit.
func pinThread() (release func()) {
	runtime.LockOSThread()
	return runtime.UnlockOSThread
}
