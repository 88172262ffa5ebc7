package harness

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"amux.dev/amux/tmux/tmuxtest"
)

// reapWait is how long a killed tmux server's processes (amux, its taps,
// the programs in the panes) get to exit before they are killed outright.
const reapWait = 20 * time.Second

// reapedServer is a private tmux server whose processes are gone before
// the test's temporary directory is removed: killing a server only asks
// its children to exit, and amux (saving its layout), a tap (writing a
// pane option's file) or a script would otherwise still write into a
// directory being removed.
func reapedServer(t testing.TB) *tmuxtest.Server {
	t.Helper()
	_ = t.TempDir() // its removal is registered first, so it runs last
	srv := tmuxtest.New(t)
	// Registered after tmuxtest's own cleanup, so it runs before it.
	t.Cleanup(func() { reap(t, srv) })
	return srv
}

// reap kills srv and waits until the server and every process it started
// (and they started) have exited; past reapWait they get SIGKILL.
func reap(t testing.TB, srv *tmuxtest.Server) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	out, err := srv.Run(ctx, "display-message", "-p", "#{pid}")
	if err != nil {
		return // no server: nothing was started
	}
	root, err := strconv.Atoi(strings.TrimSpace(out))
	if err != nil {
		return
	}
	procs := descendants(map[proc]bool{}, root, true)
	_, _ = srv.Run(ctx, "kill-server")
	deadline := time.Now().Add(reapWait)
	killed := false
	for delay := 5 * time.Millisecond; ; {
		// Children a dying process starts late are caught on the next
		// look, while their parent is still known.
		for p := range procs {
			if !p.alive() {
				delete(procs, p)
				continue
			}
			descendants(procs, p.pid, false)
		}
		if len(procs) == 0 {
			return
		}
		if time.Now().After(deadline) {
			if killed {
				t.Logf("processes of tmux server %s still running after SIGKILL: %v", srv.Name, procs)
				return
			}
			t.Logf("processes of tmux server %s outlived it by %v, killing them: %v", srv.Name, reapWait, procs)
			for p := range procs {
				_ = syscall.Kill(p.pid, syscall.SIGKILL)
			}
			killed, deadline = true, time.Now().Add(5*time.Second)
		}
		time.Sleep(delay)
		delay = min(2*delay, 100*time.Millisecond)
	}
}

// proc names a process by pid and start time, so a reused pid is not
// taken for it.
type proc struct {
	pid   int
	start string
}

func (p proc) alive() bool {
	_, start, ok := readStat(p.pid)
	return ok && start == p.start
}

// descendants adds to into the processes below root (and root itself when
// withRoot), as /proc shows them now.
func descendants(into map[proc]bool, root int, withRoot bool) map[proc]bool {
	children := map[int][]proc{}
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if ppid, start, ok := readStat(pid); ok {
			children[ppid] = append(children[ppid], proc{pid, start})
		}
	}
	if withRoot {
		if _, start, ok := readStat(root); ok {
			into[proc{root, start}] = true
		}
	}
	queue := []int{root}
	for len(queue) > 0 {
		pid := queue[0]
		queue = queue[1:]
		for _, c := range children[pid] {
			if !into[c] {
				into[c] = true
				queue = append(queue, c.pid)
			}
		}
	}
	return into
}

// readStat reads a process's parent and start time from /proc/<pid>/stat.
// A zombie counts as gone: it writes nothing more.
func readStat(pid int) (ppid int, start string, ok bool) {
	b, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return 0, "", false
	}
	// The command name is in parentheses and may hold spaces: the fields
	// that follow start after the last ')'.
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0, "", false
	}
	f := strings.Fields(s[i+1:])
	// f[0] is the state, f[1] the parent, f[19] the start time.
	if len(f) < 20 || f[0] == "Z" || f[0] == "X" {
		return 0, "", false
	}
	ppid, err = strconv.Atoi(f[1])
	return ppid, f[19], err == nil
}
