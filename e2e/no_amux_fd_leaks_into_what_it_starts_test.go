//go:build linux

package e2e

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/sys/unix"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
)

// Every descriptor amux holds is close-on-exec, so nothing it starts keeps
// one: the tmux server amux's first command started, the tab's tmux attach
// client and the monitor's control client hold none of amux's files (the
// server kept amux's terminal open after amux quit, so its PTY never
// signalled the end of output, and a control client held a tab's PTY
// master).
func TestNoAmuxDescriptorLeaksIntoWhatItStarts(t *testing.T) {
	env, term, _ := harness.StartShellAmux(t, 120, 40)
	term.CreateWorkspace(t, "feat", "")
	term.Press(t, app.ActNewTerminal)
	term.WaitText("1 shell")
	amux, err := strconv.Atoi(strings.TrimSpace(term.Display(t, "#{pane_pid}")))
	if err != nil {
		t.Fatal(err)
	}
	server, err := strconv.Atoi(strings.TrimSpace(env.Server.MustRun(t, "display-message", "-p", "#{pid}")))
	if err != nil {
		t.Fatal(err)
	}
	mine := descriptors(t, amux)
	for _, fd := range mine {
		if fd > 2 && !closeOnExec(t, amux, fd) {
			t.Errorf("amux's fd %d (%s) is not close-on-exec", fd, fdLink(amux, fd))
		}
	}
	var started []int
	harness.Eventually(t, func() (bool, string) {
		started = append(childrenOf(t, amux), server)
		return len(started) >= 3, fmt.Sprintf("found %v: want the server, an attach client and the control client", started)
	})
	terminal := fdLink(amux, 0)
	for _, pid := range started {
		for _, fd := range descriptors(t, pid) {
			if l := fdLink(pid, fd); l == terminal {
				t.Errorf("%s holds amux's terminal %s as fd %d", command(pid), l, fd)
			}
			for _, own := range mine {
				if own > 2 && sameFile(t, pid, fd, amux, own) {
					t.Errorf("%s holds amux's fd %d (%s) as its fd %d", command(pid), own, fdLink(amux, own), fd)
				}
			}
		}
	}
}

func descriptors(t *testing.T, pid int) []int {
	t.Helper()
	entries, err := os.ReadDir("/proc/" + strconv.Itoa(pid) + "/fd")
	if os.IsNotExist(err) {
		return nil // the process ended meanwhile (a short-lived tmux call): it holds nothing
	}
	if err != nil {
		t.Fatal(err)
	}
	var fds []int
	for _, e := range entries {
		if fd, err := strconv.Atoi(e.Name()); err == nil {
			fds = append(fds, fd)
		}
	}
	return fds
}

func fdLink(pid, fd int) string {
	l, _ := os.Readlink("/proc/" + strconv.Itoa(pid) + "/fd/" + strconv.Itoa(fd))
	return l
}

// closeOnExec reads the descriptor's open flags from fdinfo (O_CLOEXEC is
// reported there as 02000000).
func closeOnExec(t *testing.T, pid, fd int) bool {
	t.Helper()
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/fdinfo/" + strconv.Itoa(fd))
	if err != nil {
		return true // closed meanwhile
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "flags:"); ok {
			flags, err := strconv.ParseInt(strings.TrimSpace(v), 8, 64)
			return err == nil && flags&unix.O_CLOEXEC != 0
		}
	}
	return false
}

// sameFile says whether two descriptors are one open file, by kcmp(2);
// where the kernel does not offer it, by the name of a pipe or a path that
// is not a shared device node.
func sameFile(t *testing.T, pid1, fd1, pid2, fd2 int) bool {
	const kcmpFile = 0
	r, _, errno := unix.Syscall6(unix.SYS_KCMP, uintptr(pid1), uintptr(pid2), kcmpFile, uintptr(fd1), uintptr(fd2), 0)
	if errno == 0 {
		return r == 0
	}
	a, b := fdLink(pid1, fd1), fdLink(pid2, fd2)
	switch {
	case a != b || a == "" || a == "/dev/null" || a == "/dev/ptmx":
		return false
	case strings.HasPrefix(a, "pipe:"), strings.HasPrefix(a, "/"):
		return true
	}
	return false
}

func childrenOf(t *testing.T, parent int) []int {
	t.Helper()
	procs, err := os.ReadDir("/proc")
	if err != nil {
		t.Fatal(err)
	}
	var kids []int
	for _, p := range procs {
		pid, err := strconv.Atoi(p.Name())
		if err != nil {
			continue
		}
		st, err := os.ReadFile("/proc/" + p.Name() + "/stat")
		if err != nil {
			continue
		}
		s := string(st)
		f := strings.Fields(s[strings.LastIndex(s, ")")+1:])
		if len(f) > 1 && f[1] == strconv.Itoa(parent) {
			kids = append(kids, pid)
		}
	}
	return kids
}

func command(pid int) string {
	b, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
	words := strings.Fields(strings.ReplaceAll(string(b), "\x00", " "))
	if len(words) > 6 {
		words = append(words[:6], "…")
	}
	return strconv.Itoa(pid) + " (" + strings.Join(words, " ") + ")"
}
