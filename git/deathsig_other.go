//go:build unix && !linux

package git

import "syscall"

// dieWithParent is a no-op where the kernel has no parent-death signal.
func dieWithParent(*syscall.SysProcAttr) {}

// pinThread is a no-op: without a parent-death signal the forking thread
// does not matter.
func pinThread() (release func()) { return func() {} }
