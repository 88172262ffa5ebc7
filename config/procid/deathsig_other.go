//go:build !linux

package procid

import "syscall"

// DieWithParent is a no-op where the kernel has no parent-death signal; a
// later start's reaper is the only guard there.
func DieWithParent(*syscall.SysProcAttr, syscall.Signal) {}

// PinThread is a no-op: without a parent-death signal the forking thread
// does not matter.
func PinThread() (release func()) { return func() {} }
