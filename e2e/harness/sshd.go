package harness

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// SSHD is a real OpenSSH server on a loopback port for one test: host and
// user keys generated with ssh-keygen in the test's directory, public key
// authentication with only that user key, no PAM, killed (with every
// session it started) at cleanup.
//
// The "remote" side shares nothing with the local one but SSH: sshd's
// SetEnv gives every session its own HOME, AMUX_HOME and TMUX_TMPDIR (so a
// host amux has its own state home and private tmux server), and a PATH
// that begins with RemoteBin, where InstallAmux puts the binary. SetEnv was
// chosen over ForceCommand so the client's own remote command is what runs,
// as on a real host; the PATH is the login's usual one behind RemoteBin.
// sshd still starts sessions in the account's passwd home directory, which
// the host side never writes to (it reads HOME).
type SSHD struct {
	Port        int
	Dest        string // the Host alias of Config
	Config      string // an ssh_config for the local side (ssh -F)
	KnownHosts  string // the local side's known_hosts (lists the host key)
	RemoteHome  string
	RemoteState string // the remote AMUX_HOME
	RemoteTmux  string // the remote TMUX_TMPDIR
	RemoteBin   string // first on the remote PATH

	hostLine string
	cmd      *exec.Cmd
}

// sshdPath is Debian's openssh-server binary; sshd must be started by an
// absolute path (it re-executes itself).
func sshdPath(t testing.TB) string {
	for _, p := range []string{"/usr/sbin/sshd", "/usr/bin/sshd"} {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	t.Fatal("no sshd: run scripts/install-deps (Debian's openssh-server)")
	return ""
}

// StartSSHD starts the server and waits until it accepts connections.
func StartSSHD(t testing.TB) *SSHD {
	t.Helper()
	bin := sshdPath(t)
	if os.Geteuid() == 0 {
		// sshd run as root needs its privilege separation directory.
		if err := os.MkdirAll("/run/sshd", 0o755); err != nil {
			t.Fatalf("sshd privilege separation directory: %v", err)
		}
	}
	dir := ShortDir(t, "sshd")
	s := &SSHD{RemoteHome: filepath.Join(dir, "rhome")}
	s.RemoteState = filepath.Join(s.RemoteHome, ".amux")
	s.RemoteTmux = filepath.Join(dir, "rtmux")
	s.RemoteBin = filepath.Join(s.RemoteHome, "bin")
	for _, d := range []string{s.RemoteHome, s.RemoteBin, s.RemoteTmux} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	hostKey, userKey := filepath.Join(dir, "host_ed25519"), filepath.Join(dir, "user_ed25519")
	for _, k := range []string{hostKey, userKey} {
		if out, err := exec.Command("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "amux-test", "-f", k).CombinedOutput(); err != nil {
			t.Fatalf("ssh-keygen: %v\n%s", err, out)
		}
	}
	authorized := filepath.Join(dir, "authorized_keys")
	copyFile(t, userKey+".pub", authorized)
	s.Port = freePort(t)
	// An alias of its own, so the configs of several servers can be
	// joined into one file (see JoinConfigs).
	s.Dest = "amux-test-host-" + strconv.Itoa(s.Port)
	user := currentUser(t)
	conf := filepath.Join(dir, "sshd_config")
	writeFile(t, conf, strings.Join([]string{
		"Port " + strconv.Itoa(s.Port),
		"ListenAddress 127.0.0.1",
		"HostKey " + hostKey,
		"PidFile none",
		"AuthorizedKeysFile " + authorized,
		"AllowUsers " + user,
		"StrictModes no",
		"UsePAM no",
		"PasswordAuthentication no",
		"KbdInteractiveAuthentication no",
		"PubkeyAuthentication yes",
		"PermitRootLogin prohibit-password",
		"PermitUserEnvironment no",
		"AllowTcpForwarding local", // ports a client forwards over its master
		"X11Forwarding no",
		"MaxStartups 100",
		"MaxSessions 100",
		"LogLevel ERROR",
		// A real login starts in the home directory; this account's is the
		// test machine's, so each session starts in the remote HOME instead
		// (a copy to ~/.local/bin must land there, never in the runner's home).
		`ForceCommand cd "$HOME" && eval "${SSH_ORIGINAL_COMMAND:-exec sh -l}"`,
		"SetEnv HOME=" + s.RemoteHome + " AMUX_HOME=" + s.RemoteState + " TMUX_TMPDIR=" + s.RemoteTmux +
			" PATH=" + s.RemoteBin + ":/usr/local/bin:/usr/bin:/bin",
	}, "\n")+"\n")
	pub, err := os.ReadFile(hostKey + ".pub")
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Fields(string(pub))
	s.hostLine = fmt.Sprintf("[127.0.0.1]:%d %s %s\n", s.Port, f[0], f[1])
	s.KnownHosts = filepath.Join(dir, "known_hosts")
	writeFile(t, s.KnownHosts, s.hostLine)
	s.Config = filepath.Join(dir, "ssh_config")
	writeFile(t, s.Config, strings.Join([]string{
		"Host " + s.Dest,
		"  HostName 127.0.0.1",
		"  Port " + strconv.Itoa(s.Port),
		"  User " + user,
		"  IdentityFile " + userKey,
		"  IdentitiesOnly yes",
		"  IdentityAgent none",
		"  UserKnownHostsFile " + s.KnownHosts,
		"  GlobalKnownHostsFile /dev/null",
		"  LogLevel ERROR",
	}, "\n")+"\n")

	s.cmd = exec.Command(bin, "-D", "-e", "-f", conf)
	var stderr capBuf
	s.cmd.Stderr = &stderr
	s.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := s.cmd.Start(); err != nil {
		t.Fatalf("start sshd: %v", err)
	}
	t.Cleanup(func() { s.stop(t) })
	deadline := time.Now().Add(20 * time.Second)
	for {
		c, err := net.DialTimeout("tcp", "127.0.0.1:"+strconv.Itoa(s.Port), time.Second)
		if err == nil {
			c.Close()
			break
		}
		if s.cmd.ProcessState != nil || time.Now().After(deadline) {
			t.Fatalf("sshd did not listen on %d: %v\n%s", s.Port, err, stderr.String())
		}
		time.Sleep(20 * time.Millisecond) // polling a port with a deadline, not a wait for luck
	}
	return s
}

// JoinConfigs writes one ssh_config holding every server's Host block, for
// a client that reaches several hosts through one -F file.
func JoinConfigs(t testing.TB, servers ...*SSHD) string {
	t.Helper()
	var b strings.Builder
	for _, s := range servers {
		c, err := os.ReadFile(s.Config)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(c)
	}
	path := filepath.Join(ShortDir(t, "sshcfg"), "ssh_config")
	writeFile(t, path, b.String())
	return path
}

// SSHWrapper writes an executable that runs ssh with -F config and its own
// arguments: what $AMUX_SSH names for an amux run as a program (which
// takes no -F of its own; the person's ~/.ssh/config is ssh's default).
func SSHWrapper(t testing.TB, config string) string {
	t.Helper()
	path := filepath.Join(ShortDir(t, "sshw"), "ssh")
	writeFile(t, path, "#!/bin/sh\nexec ssh -F '"+config+"' \"$@\"\n")
	if err := os.Chmod(path, 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// InstallAmux puts bin on the remote PATH as amux.
func (s *SSHD) InstallAmux(t testing.TB, bin string) {
	t.Helper()
	if err := os.Symlink(bin, filepath.Join(s.RemoteBin, "amux")); err != nil {
		t.Fatal(err)
	}
}

// ForgetHostKey empties the local known_hosts: the host's key is unknown.
func (s *SSHD) ForgetHostKey(t testing.TB) { writeFile(t, s.KnownHosts, "") }

// KnowsHostKey reports whether the local known_hosts lists the host key.
func (s *SSHD) KnowsHostKey(t testing.TB) bool {
	b, err := os.ReadFile(s.KnownHosts)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Contains(string(b), strings.Fields(s.hostLine)[2])
}

// RemoteTmuxRun runs a tmux command on the remote side's private server
// (the default "amux" server under RemoteTmux), as a host amux sees it.
func (s *SSHD) RemoteTmuxRun(t testing.TB, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "tmux", append([]string{"-L", "amux", "-f", "/dev/null"}, args...)...)
	cmd.Env = append(os.Environ(), "TMUX_TMPDIR="+s.RemoteTmux, "TMUX=")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("remote tmux %v: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

// stop kills the remote tmux server (and what it started), sshd and every
// process it started — each connection's sshd runs in a session of its
// own, so the process group does not reach it: they are found by
// parentage — and waits until they are gone.
func (s *SSHD) stop(t testing.TB) {
	procs := map[proc]bool{}
	tmuxCmd := func(args ...string) *exec.Cmd {
		cmd := exec.Command("tmux", append([]string{"-L", "amux"}, args...)...)
		cmd.Env = append(os.Environ(), "TMUX_TMPDIR="+s.RemoteTmux, "TMUX=")
		return cmd
	}
	if out, err := tmuxCmd("display-message", "-p", "#{pid}").Output(); err == nil {
		if pid, err := strconv.Atoi(strings.TrimSpace(string(out))); err == nil {
			descendants(procs, pid, true)
		}
	}
	_ = tmuxCmd("kill-server").Run()
	descendants(procs, s.cmd.Process.Pid, false)
	_ = syscall.Kill(-s.cmd.Process.Pid, syscall.SIGTERM)
	for p := range procs {
		_ = syscall.Kill(p.pid, syscall.SIGTERM)
	}
	done := make(chan struct{})
	go func() { _ = s.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		_ = syscall.Kill(-s.cmd.Process.Pid, syscall.SIGKILL)
		<-done
	}
	deadline := time.Now().Add(10 * time.Second)
	for p := range procs {
		for p.alive() && time.Now().Before(deadline) {
			time.Sleep(20 * time.Millisecond)
		}
		if p.alive() {
			t.Logf("sshd's process %d outlived it, killing it", p.pid)
			_ = syscall.Kill(p.pid, syscall.SIGKILL)
		}
	}
}

// ShortDir is a temporary directory with a short path, removed at
// cleanup: unix socket paths (ssh's control sockets, tmux's) must stay
// under 108 bytes, which t.TempDir()'s long names can exceed.
func ShortDir(t testing.TB, prefix string) string {
	t.Helper()
	d, err := os.MkdirTemp("", "amx-"+prefix+"-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(d) })
	return d
}

func freePort(t testing.TB) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

func currentUser(t testing.TB) string {
	out, err := exec.Command("id", "-un").Output()
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(out))
}

func writeFile(t testing.TB, path, text string) {
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
}

func copyFile(t testing.TB, from, to string) {
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, to, string(b))
}

// capBuf keeps the first 8 KB written to it (a child's stderr), safe for
// the child's writer and the test reading it.
type capBuf struct {
	mu  sync.Mutex
	buf []byte
}

func (c *capBuf) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if room := 8<<10 - len(c.buf); room > 0 {
		c.buf = append(c.buf, p[:min(room, len(p))]...)
	}
	return len(p), nil
}

func (c *capBuf) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return string(c.buf)
}
