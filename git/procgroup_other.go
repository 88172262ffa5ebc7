//go:build !unix

package git

import "os/exec"

// ownProcessGroup falls back to killing only git itself where process groups
// do not exist; WaitDelay still bounds a descendant that holds the pipes.
func ownProcessGroup(cmd *exec.Cmd) {
	cmd.Cancel = func() error { return cmd.Process.Kill() }
}
