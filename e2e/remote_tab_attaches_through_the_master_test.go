package e2e

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
	"amux.dev/amux/workspace"
)

// A remote tab is a local PTY running the argv the client gives: ssh as a
// channel of the host's existing master (no TCP connection of its own)
// attaching the host's session. The pane's output reaches the PTY, a key
// typed into the PTY reaches the pane, and a name the host could have
// forged into shell syntax is refused before anything runs.
func TestRemoteTabAttachesThroughTheMaster(t *testing.T) {
	s, o := remoteHost(t, true)
	repo := (&harness.Env{Home: s.RemoteHome}).NewRepo(t, "shop")
	h := startHost(t, o)
	awaitHost(t, h, 30*time.Second, "connected", func() bool { return h.Err() == nil })
	ctx := t.Context()
	res, err := h.Create(ctx, workspace.CreateRequest{Repo: repo, Name: "tab-ws", SkipSetup: true})
	if err != nil {
		t.Fatal(err)
	}
	sess, err := h.OpenSession(ctx, workspace.SessionRequest{Workspace: res.Workspace.ID, Kind: tmux.TypeAgent,
		Tab: "t1", Assistant: "claude", Command: `printf 'pane-is-%s\n' ready; exec cat`})
	if err != nil {
		t.Fatal(err)
	}

	for _, bad := range []string{"", "victim", "amux-x;touch /tmp/owned", "amux-$(id)", "amux-a b", "amux-A"} {
		if argv, err := h.AttachCommand(bad); err == nil {
			t.Errorf("AttachCommand(%q) = %q, not refused", bad, argv)
		}
	}
	argv, err := h.AttachCommand(sess.Name)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = append(os.Environ(), "TERM=xterm-256color")
	tty, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 24, Cols: 100})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait(); tty.Close() })
	var mu sync.Mutex
	var screen bytes.Buffer
	go func() {
		buf := make([]byte, 4096)
		for {
			n, err := tty.Read(buf)
			mu.Lock()
			screen.Write(buf[:n])
			mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	shows := func(what string) func() bool {
		return func() bool {
			mu.Lock()
			defer mu.Unlock()
			return strings.Contains(screen.String(), what)
		}
	}
	await(t, 15*time.Second, "the pane's output in the local PTY", shows("pane-is-ready"))

	if _, err := tty.WriteString("typed-here\r"); err != nil {
		t.Fatal(err)
	}
	await(t, 10*time.Second, "the key in the host's pane", func() bool {
		return strings.Count(s.RemoteTmuxRun(t, "capture-pane", "-p", "-t", sess.SessionID), "typed-here") >= 2 // the tty's echo, then cat's
	})
	await(t, 10*time.Second, "cat's answer in the local PTY", shows("typed-here"))

	if socks := tcpSockets(t, cmd.Process.Pid); len(socks) != 0 {
		t.Fatalf("the tab's ssh holds TCP sockets %v: it did not ride the master", socks)
	}
	// The master does hold one: the check above can see them.
	out, _ := exec.Command("ssh", "-F", o.ConfigFile, "-S", filepath.Join(o.StateHome, "ssh", "%C"), "-O", "check", "--", o.Dest).CombinedOutput()
	var master int
	if _, err := fmt.Sscanf(strings.TrimSpace(string(out)), "Master running (pid=%d)", &master); err != nil {
		t.Fatalf("ssh -O check: %q", out)
	}
	if len(tcpSockets(t, master)) == 0 {
		t.Fatalf("the master %d holds no TCP socket", master)
	}
}

// await polls cond until it holds, failing after within.
func await(t *testing.T, within time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(within)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within %s", what, within)
		}
		time.Sleep(20 * time.Millisecond) // polling with a deadline
	}
}

// tcpSockets lists the TCP sockets process pid holds open.
func tcpSockets(t *testing.T, pid int) []string {
	t.Helper()
	tcp := map[string]bool{}
	for _, f := range []string{"/proc/net/tcp", "/proc/net/tcp6"} {
		b, _ := os.ReadFile(f)
		for i, line := range strings.Split(string(b), "\n") {
			if fields := strings.Fields(line); i > 0 && len(fields) > 9 {
				tcp[fields[9]] = true
			}
		}
	}
	fds, err := filepath.Glob(fmt.Sprintf("/proc/%d/fd/*", pid))
	if err != nil {
		t.Fatal(err)
	}
	var socks []string
	for _, fd := range fds {
		link, _ := os.Readlink(fd)
		if inode, ok := strings.CutPrefix(link, "socket:["); ok && tcp[strings.TrimSuffix(inode, "]")] {
			socks = append(socks, link)
		}
	}
	return socks
}
