package git

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// readPid waits for a hook to write its pid file.
func readPid(t *testing.T, path string) int {
	t.Helper()
	var pid int
	waitFor(t, 10*time.Second, "pid file "+path, func() bool {
		b, err := os.ReadFile(path)
		if err != nil || !strings.HasSuffix(string(b), "\n") {
			return false
		}
		pid, err = strconv.Atoi(strings.TrimSpace(string(b)))
		return err == nil
	})
	return pid
}

// processGone reports whether pid has exited (a zombie nobody reaped yet
// counts as gone: it holds no pipes and runs nothing).
func processGone(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return syscall.Kill(pid, 0) != nil
	}
	// pid (comm) STATE ...; comm may hold spaces, so cut after the last ')'.
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	return i >= 0 && i+2 < len(s) && s[i+2] == 'Z'
}

// TestDeadlineKillsProcessGroup: a hook (allowed by the opt-out) blocks
// with a background child holding git's pipes. The runner's default
// deadline applies to a context without one, kills git's whole process
// group, and returns without waiting for the child: the child would mark
// a file had it lived to finish its 30 s.
func TestDeadlineKillsProcessGroup(t *testing.T) {
	isolate(t)
	repo := newRepo(t)
	dir := t.TempDir()
	hookPid, childPid := filepath.Join(dir, "hook.pid"), filepath.Join(dir, "child.pid")
	finished := filepath.Join(dir, "child.finished")
	writeScript(t, filepath.Join(repo, ".git", "hooks", "post-checkout"),
		"(sleep 30; touch '"+finished+"') &\necho $! > '"+childPid+"'\necho $$ > '"+hookPid+"'\nwait")

	r := New(Options{AllowRepoCode: true, Timeout: 2 * time.Second})
	_, err := r.CreateWorktree(context.Background(), repo, filepath.Join(dir, "ws"), "feature", "main")

	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("want a deadline error, got %v", err)
	}
	var ge *Error
	if !errors.As(err, &ge) {
		t.Fatalf("deadline error is not a *Error: %T", err)
	}
	if _, err := os.Stat(finished); err == nil {
		t.Fatal("the call waited for the hook's child to finish instead of killing it")
	}
	// The hook started before the deadline (its pids are written), and the
	// group kill took both it and its background child.
	for _, f := range []string{hookPid, childPid} {
		pid := readPid(t, f)
		waitFor(t, 5*time.Second, "process "+strconv.Itoa(pid)+" to die", func() bool { return processGone(pid) })
	}
}

// TestPipeHolderCannotStall: git succeeds, but its hook left behind a
// process in its own session (out of reach of the group kill) that holds
// git's stderr open for 20 s. The call still returns promptly: while the
// straggler is alive.
func TestPipeHolderCannotStall(t *testing.T) {
	isolate(t)
	repo := newRepo(t)
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "straggler.pid")
	writeScript(t, filepath.Join(repo, ".git", "hooks", "post-checkout"),
		"setsid sh -c 'echo $$ > \""+pidFile+"\"; exec sleep 20' &")
	t.Cleanup(func() {
		if b, err := os.ReadFile(pidFile); err == nil {
			if pid, err := strconv.Atoi(strings.TrimSpace(string(b))); err == nil {
				_ = syscall.Kill(pid, syscall.SIGKILL) // the sleep this test started
			}
		}
	})

	r := New(Options{AllowRepoCode: true, Timeout: 30 * time.Second})
	_, err := r.CreateWorktree(context.Background(), repo, filepath.Join(dir, "ws"), "feature", "main")
	if err != nil {
		t.Fatalf("git succeeded, so should the call: %v", err)
	}
	pid := readPid(t, pidFile)
	if processGone(pid) {
		t.Fatal("the call returned only once the straggler holding its pipes was gone")
	}
}
