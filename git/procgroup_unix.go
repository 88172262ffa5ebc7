//go:build unix

package git

import (
	"os/exec"
	"syscall"

	"amux.dev/amux/config/procid"
)

// ownProcessGroup makes git the leader of a new process group and turns the
// deadline kill into a kill of that whole group, so hooks, filters and
// helpers git spawned die with it instead of outliving the call. On Linux
// git also dies with amux: SIGTERM rather than SIGKILL, so it removes its
// own lock files and a half-made worktree. (A git left running by a killed
// amux would race the next start's recovery: a `worktree add` finishing
// after recovery rolled its create back leaves the very orphan recovery
// removed.)
func ownProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	procid.DieWithParent(cmd.SysProcAttr, syscall.SIGTERM)
	cmd.Cancel = func() error {
		// Negative pid addresses the group whose id is the leader's pid.
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
