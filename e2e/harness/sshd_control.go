package harness

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// Freeze stops the server's listener (SIGSTOP) so a new connection hangs
// before ssh's banner, as to a host that went away: a client whose
// connection dropped stays unreachable until Thaw. Connections already
// made are served by their own sshd processes and are not stopped. The
// listener is thawed at cleanup (a stopped process cannot take its
// SIGTERM).
func (s *SSHD) Freeze(t testing.TB) {
	t.Helper()
	if err := syscall.Kill(s.cmd.Process.Pid, syscall.SIGSTOP); err != nil {
		t.Fatalf("freeze sshd: %v", err)
	}
	t.Cleanup(s.Thaw)
}

// Thaw lets the listener run again: the connections queued meanwhile go
// on.
func (s *SSHD) Thaw() { _ = syscall.Kill(s.cmd.Process.Pid, syscall.SIGCONT) }

// MasterPID is the pid of the shared ssh connection (ControlMaster) a
// client with state home stateHome keeps to this server, through the
// given ssh config (Config, or one JoinConfigs made).
func (s *SSHD) MasterPID(t testing.TB, config, stateHome string) int {
	t.Helper()
	out, _ := exec.Command("ssh", "-F", config, "-o", "ControlPath="+filepath.Join(stateHome, "ssh", "%C"),
		"-O", "check", "--", s.Dest).CombinedOutput()
	var pid int
	if _, err := fmt.Sscanf(strings.TrimSpace(string(out)), "Master running (pid=%d)", &pid); err != nil {
		t.Fatalf("ssh -O check %s: %q", s.Dest, out)
	}
	return pid
}
