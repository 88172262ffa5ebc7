//go:build !linux

package workspace

import "syscall"

// dieWithParent is a no-op where the kernel has no parent-death signal; the
// next start's reaper is the only guard there.
func dieWithParent(*syscall.SysProcAttr) {}

// pinThread is a no-op: without a parent-death signal the forking thread
// does not matter.
func pinThread() (release func()) { return func() {} }
