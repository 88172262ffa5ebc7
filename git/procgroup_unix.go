//go:build unix

package git

import (
	"os/exec"
	"syscall"
)

// ownProcessGroup makes git the leader of a new process group and turns the
// deadline kill into a kill of that whole group, so hooks, filters and
// helpers git spawned die with it instead of outliving the call. On Linux
// git also dies with amux (dieWithParent).
func ownProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	dieWithParent(cmd.SysProcAttr)
	cmd.Cancel = func() error {
		// Negative pid addresses the group whose id is the leader's pid.
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
