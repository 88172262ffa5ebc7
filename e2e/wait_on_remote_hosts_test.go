package e2e

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
)

// waitHostsEnv is a local side whose config.json lists the given hosts
// (name → server), reached through one ssh config ($AMUX_SSH wraps ssh
// with -F, as the person's ~/.ssh/config would hold the aliases).
func waitHostsEnv(t *testing.T, hosts map[string]*harness.SSHD) []string {
	t.Helper()
	home := t.TempDir()
	state := harness.ShortDir(t, "wl")
	var servers []*harness.SSHD
	var entries []string
	for name, s := range hosts {
		servers = append(servers, s)
		entries = append(entries, fmt.Sprintf(`{"name": %q, "dest": %q}`, name, s.Dest))
	}
	cfg := `{"hosts": [` + strings.Join(entries, ", ") + `]}`
	if err := os.WriteFile(filepath.Join(state, "config.json"), []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	wrapper := harness.SSHWrapper(t, harness.JoinConfigs(t, servers...))
	return append(os.Environ(), "HOME="+home, "AMUX_HOME="+state, "AMUX_SSH="+wrapper, "TMUX=", "AMUX_TMUX_SERVER=amux-none-here")
}

// remoteSession starts a plain amux-named session on a host's server,
// beside the control session an amux (or its status taps) running there
// keeps, which a wait attaches its control client to.
func remoteSession(t *testing.T, s *harness.SSHD, name string) {
	t.Helper()
	s.RemoteTmuxRun(t, "new-session", "-d", "-s", name, "sleep 600")
	s.RemoteTmuxRun(t, "new-session", "-d", "-s", tmux.ControlSession, "sleep 600")
}

// controlClients counts the control-mode clients on a host's server (an
// amux wait there holds one).
func hostControlClients(t *testing.T, s *harness.SSHD) int {
	t.Helper()
	out := s.RemoteTmuxRun(t, "list-clients", "-F", "#{client_control_mode}")
	return strings.Count(out, "1")
}

// `amux wait --host a --host b` runs amux wait on both hosts over ssh; the
// first to match wins — its line printed with host=NAME, its exit status
// returned — and the wait on the other host is hung up, leaving nothing
// waiting there.
func TestWaitOnRemoteHostsFirstMatchWins(t *testing.T) {
	bin := harness.AmuxBinary(t)
	a, b := harness.StartSSHD(t), harness.StartSSHD(t)
	a.InstallAmux(t, bin)
	b.InstallAmux(t, bin)
	remoteSession(t, a, "amux-alpha")
	remoteSession(t, b, "amux-beta")
	cmd := exec.Command(bin, "wait", "--host", "a", "--host", "b", "--published", "--state", "blocked", "--timeout", "60s")
	cmd.Env = waitHostsEnv(t, map[string]*harness.SSHD{"a": a, "b": b})
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	t.Cleanup(func() { _ = cmd.Process.Kill() })
	deadline := time.Now().Add(30 * time.Second)
	for hostControlClients(t, a) == 0 || hostControlClients(t, b) == 0 {
		if time.Now().After(deadline) {
			t.Fatalf("the waits did not start on both hosts\n%s", stderr.String())
		}
		time.Sleep(50 * time.Millisecond) // polling with a deadline
	}

	// As the host's monitor publishes: the option, then the wake signal.
	b.RemoteTmuxRun(t, "set-option", "-t", "amux-beta", tmux.TagAgentState, "blocked", ";", "wait-for", "-S", tmux.StatusWakeChannel)
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("amux wait: %v\n%s%s", err, stdout.String(), stderr.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("amux wait did not return\n%s", stderr.String())
	}
	if got := stdout.String(); !strings.HasPrefix(got, "host=b session=amux-beta state=blocked ") {
		t.Fatalf("printed %q", got)
	}
	deadline = time.Now().Add(15 * time.Second)
	for hostControlClients(t, a) != 0 {
		if time.Now().After(deadline) {
			t.Fatal("the wait on host a was left running")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// A host's wait that times out exits 2 as a local one does, and a host the
// config does not list is refused with the names it does.
func TestWaitOnARemoteHostTimesOutAndRefusesUnknownNames(t *testing.T) {
	bin := harness.AmuxBinary(t)
	a := harness.StartSSHD(t)
	a.InstallAmux(t, bin)
	remoteSession(t, a, "amux-alpha")
	env := waitHostsEnv(t, map[string]*harness.SSHD{"a": a})
	run := func(args ...string) (int, string) {
		cmd := exec.Command(bin, append([]string{"wait"}, args...)...)
		cmd.Env = env
		out, _ := cmd.CombinedOutput()
		return cmd.ProcessState.ExitCode(), string(out)
	}
	if code, out := run("--host", "a", "--state", "blocked", "--timeout", "2s"); code != 2 || !strings.Contains(out, "timed out") {
		t.Fatalf("timeout: exit %d, %q", code, out)
	}
	if code, out := run("--host", "nope"); code != 2 || !strings.Contains(out, `no host named "nope"`) || !strings.Contains(out, "hosts: a") {
		t.Fatalf("unknown host: exit %d, %q", code, out)
	}
	a.RemoteTmuxRun(t, "set-option", "-t", "amux-alpha", tmux.TagAgentState, "done")
	if code, out := run("--host", "a", "--published", "--timeout", "30s"); code != 0 || !strings.HasPrefix(out, "host=a session=amux-alpha state=done") {
		t.Fatalf("a stored state: exit %d, %q", code, out)
	}
}
