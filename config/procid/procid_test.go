package procid

import (
	"os"
	"os/exec"
	"slices"
	"syscall"
	"testing"
)

func requireProc(t *testing.T) {
	t.Helper()
	if Token(os.Getpid()) == "" {
		t.Skip("no /proc on this platform")
	}
}

func TestAliveTellsARecycledPidFromTheRecordedProcess(t *testing.T) {
	requireProc(t)
	me := os.Getpid()
	tok := Token(me)
	if !Alive(me, tok) || !Alive(me, "") {
		t.Fatal("this process is not alive by its own token")
	}
	if Alive(me, BootID()+":1") {
		t.Fatal("a token with another start time counts as the same process")
	}
	cmd := exec.Command("sleep", "30")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	child := cmd.Process.Pid
	childTok := Token(child)
	if !Alive(child, childTok) {
		t.Fatal("a running child is not alive")
	}
	cmd.Process.Kill()
	cmd.Wait()
	if Alive(child, childTok) {
		t.Fatal("a killed and reaped child is alive")
	}
	if Alive(0, "") || Alive(-1, "") {
		t.Fatal("non-positive pids are alive")
	}
}

func TestGroupMembersAndEnvironment(t *testing.T) {
	requireProc(t)
	cmd := exec.Command("/bin/sh", "-c", "sleep 30 & sleep 30; wait")
	cmd.Env = append(os.Environ(), "PROCID_TEST_MARK=yes")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pgid := cmd.Process.Pid
	t.Cleanup(func() { syscall.Kill(-pgid, syscall.SIGKILL); cmd.Wait() })
	var members []int
	for range 500 { // the shell forks its two sleeps right away
		if members = GroupMembers(pgid); len(members) == 3 {
			break
		}
		syscall.Nanosleep(&syscall.Timespec{Nsec: 10e6}, nil)
	}
	if len(members) != 3 || !slices.Contains(members, pgid) {
		t.Fatalf("group %d members %v, want the shell and two sleeps", pgid, members)
	}
	for _, pid := range members {
		if !HasEnv(pid, "PROCID_TEST_MARK=yes") {
			t.Fatalf("member %d lacks the inherited mark", pid)
		}
	}
	if HasEnv(pgid, "PROCID_TEST_MARK=no") || HasEnv(os.Getpid(), "PROCID_TEST_MARK=yes") {
		t.Fatal("HasEnv matched an assignment that is not there")
	}
	if slices.Contains(GroupMembers(pgid), os.Getpid()) {
		t.Fatal("this process is in the child's group")
	}
}

func TestInDirFindsProcessesWorkingThere(t *testing.T) {
	requireProc(t)
	dir := t.TempDir()
	sub := dir + "/sub"
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("sleep", "30")
	cmd.Dir = sub
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	if got := InDir(dir); !slices.Equal(got, []int{cmd.Process.Pid}) {
		t.Fatalf("InDir(%s) = %v, want the sleep working in a subdirectory", dir, got)
	}
	if got := InDir(dir + "/su"); len(got) != 0 {
		t.Fatalf("a name prefix matched: %v", got)
	}
	if err := os.RemoveAll(sub); err != nil {
		t.Fatal(err)
	}
	if got := InDir(dir); !slices.Equal(got, []int{cmd.Process.Pid}) {
		t.Fatalf("a process whose directory was removed is not found: %v", got)
	}
}
