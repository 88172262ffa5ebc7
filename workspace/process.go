package workspace

import (
	"amux.dev/amux/config/procid"
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"syscall"
	"time"
)

// killGrace is how long a cancelled script's process group has between
// SIGTERM and SIGKILL: long enough for a tool to clean up, short enough that
// a delete never waits on it for long.
const killGrace = 2 * time.Second

// pipeDrain bounds how long Wait keeps copying output after the script's
// leader exits, so a straggler holding the pipe cannot stall anyone.
const pipeDrain = time.Second

// shellSpec is one shell command to run as a lifecycle process.
type shellSpec struct {
	Dir     string
	Env     []string // the complete environment
	Command string   // run as sh -c Command
	Out     io.Writer
	// Track, when set, records the started group (its pgid) and returns
	// the function that forgets it once the group is dead.
	Track func(pgid int) (untrack func())
}

// gateScript holds a lifecycle command until runShell has recorded its
// process group, then execs it unchanged (same process, same group): a
// crash can never leave a group running that the next start does not know
// about. It exits without running the command when the gate closes unread.
const gateScript = `read -r _ <&3 || exit 125; exec 3<&-; exec /bin/sh -c "$1"`

// runShell runs spec in its own process group and waits for it. Cancelling
// ctx sends SIGTERM to the whole group, then SIGKILL after killGrace. When
// the leader exits, whatever it left running in its group is killed too: a
// lifecycle script's children must never outlive it (and so never outlive
// the worktree a teardown is about to remove). Use setsid or the run script
// for long-lived daemons.
//
// The leader also dies with amux (a parent-death signal, on Linux), and
// what it started is recorded through spec.Track so the next start kills
// it (reapOrphans) if amux dies first.
func runShell(ctx context.Context, spec shellSpec) (exitCode int, err error) {
	gate, open, err := os.Pipe()
	if err != nil {
		return -1, err
	}
	defer open.Close()
	cmd := exec.Command("/bin/sh", "-c", gateScript, "amux-lifecycle", spec.Command)
	cmd.ExtraFiles = []*os.File{gate} // fd 3
	cmd.Dir = spec.Dir
	cmd.Env = spec.Env
	cmd.Stdin = nil
	cmd.Stdout, cmd.Stderr = spec.Out, spec.Out
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	// The leader dies with amux, however amux dies; what it started is
	// reaped by the next start from its process record.
	procid.DieWithParent(cmd.SysProcAttr, syscall.SIGKILL)
	cmd.WaitDelay = pipeDrain
	// The parent-death signal follows the thread that forked the child: stay
	// on it until the child is reaped.
	defer procid.PinThread()()
	err = cmd.Start()
	gate.Close()
	if err != nil {
		return -1, err
	}
	pgid := cmd.Process.Pid
	if spec.Track != nil {
		defer spec.Track(pgid)() // runs after the group is killed below
	}
	// Recorded: the command may start. (Were amux to die before this, the
	// closed pipe makes the gate exit instead.)
	_, _ = open.Write([]byte("\n"))
	open.Close()
	done := make(chan struct{})
	go func() {
		select {
		case <-ctx.Done():
			_ = syscall.Kill(-pgid, syscall.SIGTERM)
			select {
			case <-done:
			case <-time.After(killGrace):
				_ = syscall.Kill(-pgid, syscall.SIGKILL)
			}
		case <-done:
		}
	}()
	err = cmd.Wait()
	close(done)
	_ = syscall.Kill(-pgid, syscall.SIGKILL) // stragglers of a finished leader
	if ctx.Err() != nil {
		return exitStatus(err), ctx.Err()
	}
	return exitStatus(err), err
}

func exitStatus(err error) int {
	if err == nil {
		return 0
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode()
	}
	return -1
}
